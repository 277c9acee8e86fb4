// The lobby counts down on the server's clock: the lobby's answer carries the server's time and the
// opening, and the device works out how far its own clock is off, so a phone set to the wrong time
// still opens with everyone else.

/**
 * Milliseconds to add to the device's clock to read the server's: the server's time against the
 * middle of the request's round trip (`sentAt` and `receivedAt` by the device's clock).
 */
export function clockOffset(serverTime: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return server - (sentAt + receivedAt) / 2;
}

/** Whole seconds until `opensAt` by the server's clock, at the device's `deviceNow`; 0 once open. */
export function secondsToOpening(opensAt: string, offset: number, deviceNow: number): number {
  const opens = Date.parse(opensAt);
  if (Number.isNaN(opens)) return 0;
  return Math.max(0, Math.ceil((opens - (deviceNow + offset)) / 1000));
}

/**
 * How long after the opening this device asks for the start: a moment drawn at random within the
 * first second, so that a school's lab does not send every request in the same millisecond.
 */
export function startDelay(random: number = Math.random()): number {
  return Math.floor(Math.max(0, Math.min(1, random)) * 1000);
}
