import { ADDRESS_BITS, type IpAddress, parseIpAddress } from './ip-address';

/** A CIDR block (`10.0.0.0/8`, `fc00::/7`); a single address is a block of its own. */
export class IpRange {
  private constructor(
    private readonly network: IpAddress,
    private readonly hostBits: bigint,
  ) {}

  /**
   * The range written in `text`, `address/prefix` or a bare address, or undefined when it is
   * neither. Host bits under the prefix are ignored: `10.1.2.3/8` is `10.0.0.0/8`.
   */
  static parse(text: string): IpRange | undefined {
    const [addressText, prefixText, extra] = text.split('/');
    const network = parseIpAddress(addressText);
    if (!network || extra !== undefined) return undefined;
    const bits = ADDRESS_BITS[network.version];
    if (prefixText === undefined) return new IpRange(network, 0n);
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return undefined;
    return new IpRange(network, BigInt(bits - Number(prefixText)));
  }

  contains(address: IpAddress): boolean {
    return (
      address.version === this.network.version &&
      address.value >> this.hostBits === this.network.value >> this.hostBits
    );
  }
}
