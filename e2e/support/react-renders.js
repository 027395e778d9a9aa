// Installed into the editor page (page.addInitScript) before React loads, by the render guard in
// e2e/editor.spec.ts and by npm run bench:typing. It stands in for React DevTools' hook, which
// production React calls after every commit, and counts the components that rendered in each
// commit (React's PerformedWork flag), by name and by the part of the screen they draw in. The
// part is read off the page (data-testid), so it works on the minified shipped bundle too.
(() => {
  if (window.top !== window) return; // Init scripts also run in the render frame.
  const PERFORMED_WORK = 1;
  // Function, class, forwardRef, memo and simple memo components.
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const HOST_TAGS = new Set([5, 6]); // an element, a text node
  const REGIONS = [
    ['header', '[data-testid="editor-header"]'],
    ['sidebar', '[data-testid="sidebar"]'],
    ['preview', '[data-testid="preview-panel"]'],
    ['editor', '[data-testid="editor-panel"]'],
  ];
  const counts = { armed: false, commits: 0, renders: {} };

  function nameOf(fiber) {
    const type = fiber.type;
    if (!type) return 'anonymous';
    if (typeof type === 'function') return type.displayName || type.name || 'anonymous';
    const inner = type.render || type.type; // forwardRef, memo
    return type.displayName || (inner && (inner.displayName || inner.name)) || 'anonymous';
  }

  /** The DOM node a component draws (its first host descendant), or its host parent's. */
  function nodeOf(fiber) {
    const stack = [fiber.child];
    while (stack.length > 0) {
      const next = stack.pop();
      if (!next) continue;
      if (HOST_TAGS.has(next.tag)) return next.stateNode;
      stack.push(next.sibling, next.child);
    }
    for (let up = fiber.return; up; up = up.return) if (up.tag === 5) return up.stateNode;
    return null;
  }

  function regionOf(fiber) {
    let node = nodeOf(fiber);
    if (node && node.nodeType !== 1) node = node.parentElement;
    if (!node || !node.closest) return 'screen';
    for (const [region, selector] of REGIONS) if (node.closest(selector)) return region;
    return 'screen';
  }

  function walk(fiber) {
    const stack = [fiber];
    while (stack.length > 0) {
      const next = stack.pop();
      if (!next) continue;
      stack.push(next.sibling);
      // A subtree React did not visit keeps its old children, flags and all.
      if (next.alternate && next.child === next.alternate.child) continue;
      if (COMPONENT_TAGS.has(next.tag) && next.flags & PERFORMED_WORK) {
        const key = `${regionOf(next)}: ${nameOf(next)}`;
        counts.renders[key] = (counts.renders[key] || 0) + 1;
      }
      stack.push(next.child);
    }
  }

  let nextId = 1;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      const id = nextId++;
      this.renderers.set(id, renderer);
      return id;
    },
    onCommitFiberRoot(_id, root) {
      if (!counts.armed) return;
      counts.commits += 1;
      walk(root.current.child);
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onScheduleFiberRoot() {},
    checkDCE() {},
  };

  window.__reactRenders = {
    start() {
      counts.armed = true;
      counts.commits = 0;
      counts.renders = {};
    },
    stop() {
      counts.armed = false;
      return { commits: counts.commits, renders: { ...counts.renders } };
    },
  };
})();
