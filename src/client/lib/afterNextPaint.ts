/**
 * Resolves once the page has painted what was just put in the DOM. Chromium throttles rendering in
 * hidden or off-screen iframes, so a timer caps the wait: results must still be reported.
 */
export function afterNextPaint(maxWaitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        resolve();
      };
      channel.port2.postMessage(null);
    });
  });
}
