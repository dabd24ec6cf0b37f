/**
 * At most `limit` takes per fixed window of `windowMs`: the per-socket budget for requests that
 * cost a database read (`subscribe`). Fixed windows are enough here: a socket gets at most twice
 * the limit across a boundary, which still bounds the work a flood can cause.
 */
export class WindowCounter {
  private start = Number.NEGATIVE_INFINITY;
  private used = 0;
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one request at time `now` (ms); false when the window's budget is spent. */
  take(now: number): boolean {
    if (now - this.start >= this.windowMs) {
      this.start = now;
      this.used = 0;
    }
    if (this.used >= this.limit) return false;
    this.used += 1;
    return true;
  }
}
