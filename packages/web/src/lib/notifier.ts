/** One page's messages, and nothing else: a leaf the render scope and the notify functions both build on. */
export type Severity = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  id: number;
  severity: Severity;
  message: string;
}

/** The messages of one page: the browser's, or one server render's. */
export interface Notifier {
  notify(severity: Severity, message: string): void;
  dismiss(id: number): void;
  subscribe(listener: () => void): () => void;
  /** The messages on screen now; the same array until they change. */
  notices(): Notice[];
}

export function createNotifier(): Notifier {
  const listeners = new Set<() => void>();
  let notices: Notice[] = [];
  let nextId = 1;
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    notify(severity, message) {
      // The same message twice in a row (e.g. several queries failing at once) shows once.
      if (notices.some((n) => n.message === message && n.severity === severity)) return;
      notices = [...notices, { id: nextId++, severity, message }];
      emit();
    },
    dismiss(id) {
      notices = notices.filter((n) => n.id !== id);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notices: () => notices,
  };
}

/** The browser page's notifier. The server never uses it: a drawn page shows only its own render's messages. */
