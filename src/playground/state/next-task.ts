/**
 * Gives the thread back to the page until a new task: long work split by it never holds the page in
 * one task. A message on a fresh channel (browsers throttle nested timers, not messages); a timer
 * where there is no `MessageChannel`.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
