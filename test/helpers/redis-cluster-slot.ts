/** CRC16-CCITT (XModem), the checksum Redis Cluster hashes keys with (polynomial 0x1021, initial value 0). */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The Redis Cluster slot of a key: CRC16 of its hash tag (the first non-empty `{…}`) or of the whole key, mod 16384. */
export function redisClusterSlot(key: string): number {
  const open = key.indexOf('{');
  const close = open === -1 ? -1 : key.indexOf('}', open + 1);
  const hashed = close > open + 1 ? key.slice(open + 1, close) : key;
  return crc16(new TextEncoder().encode(hashed)) % 16_384;
}

/** CRC16 of a text, exported for the known-answer check (`123456789` → 0x31C3 in the Redis Cluster specification). */
export function redisCrc16(text: string): number {
  return crc16(new TextEncoder().encode(text));
}
