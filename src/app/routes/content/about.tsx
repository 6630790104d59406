// Placeholder until the page is built.
export default function Page() {
  return (
    <main id="main" className="p-8">
      <h1 className="text-2xl font-bold">about</h1>
    </main>
  );
}
