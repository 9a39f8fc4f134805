import type { FrameData, RealtimeFrame, RealtimeMessageType } from "./protocol";

type Handler<T extends RealtimeMessageType> = (data: FrameData<T>) => void;
/** Stored without its type: `emit` only hands a handler the data of its own messageType. */
type AnyHandler = (data: unknown) => void;

/**
 * Frames from the realtime socket, by messageType (SPEC §7: "dispatched by messageType").
 * The notifications dropdown listens to `notification`; chat listens to `message` and
 * `conversationLastRead`.
 */
export class RealtimeEvents {
  private readonly handlers = new Map<RealtimeMessageType, Set<AnyHandler>>();

  on<T extends RealtimeMessageType>(type: T, handler: Handler<T>): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    const entry = handler as AnyHandler;
    set.add(entry);
    return () => set.delete(entry);
  }

  emit(frame: RealtimeFrame) {
    for (const handler of this.handlers.get(frame.messageType) ?? []) {
      try {
        handler(frame.data);
      } catch (error) {
        // One broken listener must not starve the others.
        console.error(error);
      }
    }
  }
}

/** The page's one dispatcher: the socket feeds it, components subscribe to it. */
export const realtimeEvents = new RealtimeEvents();
