/**
 * A port: where a feature's handlers find the open profile's session, typed by what the feature uses of it. The
 * composition root (desk.ts) passes its session host; a feature never imports the concrete session.
 */
export interface SessionSource<S> {
  session(): Promise<S>
}
