// Installed into the editor page by the typing benchmark (page.addInitScript) before it loads.
// Measures keystroke-to-paint: from a keydown's event.timeStamp (when the browser received the
// key) to the first frame after the editor's DOM changed (rAF, then one task so the frame has
// really been produced), for every key, and when the preview shows text of a given length.
(() => {
  if (window.top !== window) return; // Init scripts also run in the render frame.
  const probe = {
    armed: false,
    keydowns: [],
    latencies: [],
    lastKeyAt: null,
    previewShownAt: null,
    expectedLength: -1,
    gaps: [],
    // For every key: how many frames ran after it arrived without showing it (0: the key was
    // painted in the first frame after it).
    framesMissed: [],
  };
  let pending = [];
  // Every frame while armed: when its vsync was (rAF's argument) and when its callbacks ran.
  const frames = [];
  const everyFrame = (frameTime) => {
    frames.push({ frameTime, ranAt: performance.now() });
    if (frames.length > 4000) frames.splice(0, 2000);
    if (probe.armed) requestAnimationFrame(everyFrame);
  };

  document.addEventListener(
    'keydown',
    (event) => {
      if (!probe.armed) return;
      pending.push(event.timeStamp);
      probe.keydowns.push(event.timeStamp);
      probe.lastKeyAt = event.timeStamp;
    },
    true,
  );

  function onEditorMutation() {
    if (pending.length === 0) return;
    const stamps = pending;
    pending = [];
    requestAnimationFrame((paintedIn) => {
      for (const stamp of stamps) {
        probe.framesMissed.push(
          frames.filter((frame) => frame.ranAt > stamp && frame.frameTime < paintedIn).length,
        );
      }
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const now = performance.now();
        for (const stamp of stamps) probe.latencies.push(now - stamp);
      };
      channel.port2.postMessage(null);
    });
  }

  function onPreviewChange(preview) {
    const data = preview.dataset;
    if (probe.previewShownAt !== null || Number(data.shownLength) !== probe.expectedLength) return;
    if (data.status === 'ok') probe.previewShownAt = performance.now();
  }

  probe.arm = (expectedLength) => {
    const editor = document.querySelector('.cm-content');
    const preview = document.querySelector('[data-testid="preview"]');
    if (!editor || !preview) throw new Error('editor or preview missing');
    probe.expectedLength = expectedLength;
    new MutationObserver(onEditorMutation).observe(editor, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    new MutationObserver(() => onPreviewChange(preview)).observe(preview, { attributes: true });
    probe.armed = true;
    requestAnimationFrame(everyFrame);
  };

  // Longest main-thread stall seen by a 10 ms timer (to see where mermaid's work runs).
  let gapTimer = null;
  probe.startGaps = () => {
    let last = performance.now();
    probe.gaps = [];
    gapTimer = setInterval(() => {
      const now = performance.now();
      probe.gaps.push(now - last);
      last = now;
    }, 10);
  };
  probe.stopGaps = () => {
    clearInterval(gapTimer);
    return Math.max(0, ...probe.gaps);
  };

  window.__typingProbe = probe;
})();
