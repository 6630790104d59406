import type { StackContext, UpgradeService } from './types.ts';

// Phoenix channel protocol subset: to be written.
export async function createRealtime(_ctx: StackContext): Promise<UpgradeService> {
  return {
    handleUpgrade(_req, socket) {
      socket.destroy();
    },
  };
}
