import fs from 'node:fs'; import zlib from 'node:zlib';
const m = JSON.parse(fs.readFileSync('dist-test/.vite/manifest.json','utf8'));
const entry = Object.keys(m).find(k => m[k].isEntry)!;
const seen = new Set<string>();
const collect = (k: string) => { if (seen.has(k)) return; seen.add(k); for (const i of m[k].imports ?? []) collect(i); };
collect(entry); collect('src/app/routes/landing/home.tsx');
for (const k of seen) { const f = m[k].file; if (!f.endsWith('.js')) continue; console.log((zlib.gzipSync(fs.readFileSync('dist-test/'+f)).length/1024).toFixed(1).padStart(7), k, f); }
