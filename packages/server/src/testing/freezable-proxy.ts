import net from 'node:net';

/**
 * A TCP proxy to PostgreSQL that can go silent: `freeze()` stops forwarding in both directions
 * without closing anything, as a cut network cable or a vanished machine does (no FIN, no RST).
 * Neither side learns of it until its own timeouts fire. Test-only.
 */
export class FreezableProxy {
  private frozen = false;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<FreezableProxy> {
    let proxy: FreezableProxy | null = null;
    const server = net.createServer((inbound) => {
      const outbound = net.connect(targetPort, targetHost);
      proxy!.pipe(inbound, outbound);
      proxy!.pipe(outbound, inbound);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new FreezableProxy(server, (server.address() as net.AddressInfo).port);
    return proxy;
  }

  /** The database URL `url` rewritten to reach the database through this proxy. */
  urlFor(url: string): string {
    const target = new URL(url);
    target.hostname = '127.0.0.1';
    target.port = String(this.port);
    return target.toString();
  }

  /** From now on every byte in either direction is swallowed; the connections stay open. */
  freeze(): void {
    this.frozen = true;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pipe(from: net.Socket, to: net.Socket): void {
    this.sockets.add(from);
    from.on('data', (chunk) => {
      if (!this.frozen) to.write(chunk);
    });
    from.on('error', () => to.destroy());
    from.on('close', () => {
      this.sockets.delete(from);
      // A silent network passes no close either.
      if (!this.frozen) to.destroy();
    });
  }
}
