/**
 * The frame's own page styles: a transparent, fixed stage the drawing is panned and zoomed on,
 * and the inline label editor.
 */
import { currentStepStyle, STEP_ACCENT } from '@shared/present/drawn-steps';

export const FRAME_STYLES = `
html, body { margin: 0; height: 100%; background: transparent; overflow: hidden; }
body { font-family: ui-sans-serif, system-ui, sans-serif; }
#stage {
  position: fixed; inset: 0; overflow: hidden; touch-action: none; user-select: none;
  -webkit-user-select: none; cursor: grab; outline: none;
}
#stage.dragging { cursor: grabbing; }
#canvas { position: absolute; left: 0; top: 0; transform-origin: 0 0; transition: opacity 150ms; }
/* Mid-edit: the last good drawing stays, dimmed after a moment (a quick error never flickers). */
#stage[data-stale] #canvas { opacity: 0.5; transition: opacity 250ms ease 350ms; }
#canvas > svg { display: block; max-width: none; }
/* The error graphic and its hint, over the dimmed last drawing: centred in the pane, never cut. */
.error-card {
  position: absolute; z-index: 6; left: 50%; top: 50%; transform: translate(-50%, -50%);
  box-sizing: border-box; width: min(400px, calc(100% - 24px)); max-height: calc(100% - 24px);
  overflow: auto; padding: 12px 16px 14px; border-radius: 12px; pointer-events: none;
  background: rgb(255 255 255 / 0.96); border: 1px solid #e2e8f0; color: #0f172a;
  box-shadow: 0 12px 32px -12px rgb(15 23 42 / 0.35);
}
.error-card[hidden] { display: none; }
:root[data-theme="dark"] .error-card {
  background: rgb(15 23 42 / 0.96); border-color: #334155; color: #e2e8f0;
  box-shadow: 0 12px 32px -12px rgb(0 0 0 / 0.8);
}
.error-card-graphic > svg { display: block; width: 100%; max-width: 360px; height: auto; margin: 0 auto; }
.error-card-hint { margin: 8px 0 0; font-size: 13px; line-height: 1.45; }
.error-card-hint code {
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px;
  padding: 1px 4px; border-radius: 4px; background: rgb(15 23 42 / 0.07);
}
:root[data-theme="dark"] .error-card-hint code { background: rgb(226 232 240 / 0.12); }
#stage:not(.dragging) :is(text.messageText, text.noteText, text.loopText, text.actor, span.nodeLabel, span.edgeLabel) {
  cursor: text;
}
#canvas > svg { position: relative; }
.lifeline-highlight-box {
  position: absolute; pointer-events: none; border-radius: 6px;
  background: rgb(99 102 241 / 0.1);
  box-shadow: 0 0 0 1.5px rgb(99 102 241 / 0.8), 0 0 10px 1px rgb(99 102 241 / 0.35);
}
:root[data-theme="dark"] .lifeline-highlight-box {
  background: rgb(129 140 248 / 0.14);
  box-shadow: 0 0 0 1.5px rgb(165 180 252 / 0.85), 0 0 12px 1px rgb(129 140 248 / 0.4);
}
#stage:not(.dragging) :is(.messageLine0, .messageLine1, rect.note, rect.actor) { cursor: pointer; }
/*
 * The drawing's walk (walk.ts): lists for screen readers, out of sight, over the drawing. The
 * focused item is laid over what it stands for and ringed (WCAG 2.2 focus appearance: a 3 px
 * ring with a contrasting inner line, in both themes); its words stay hidden.
 */
.lifeline-walk { position: absolute; inset: 0; z-index: 4; overflow: hidden; pointer-events: none; }
.lifeline-walk :is(p, ul, li) { margin: 0; padding: 0; list-style: none; }
.lifeline-walk :is(.walk-words, [data-walk]:not(:focus)) {
  position: absolute; width: 1px !important; height: 1px !important; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap;
}
.lifeline-walk [data-walk]:focus {
  position: absolute; box-sizing: border-box; overflow: hidden; color: transparent;
  font-size: 1px; border-radius: 6px; outline: 3px solid #4338ca; outline-offset: 0;
  box-shadow: inset 0 0 0 2px #ffffff, 0 0 0 5px rgb(255 255 255 / 0.85);
}
.lifeline-walk [data-walk]:focus:not([data-placed]) { outline: none; box-shadow: none; }
:root[data-theme="dark"] .lifeline-walk [data-walk]:focus {
  outline-color: #a5b4fc; box-shadow: inset 0 0 0 2px #0b1120, 0 0 0 5px rgb(11 17 32 / 0.85);
}
/* Present mode: the current message stands out in the product's accent. */
${currentStepStyle(STEP_ACCENT.light)}
${currentStepStyle(STEP_ACCENT.dark, ':root[data-theme="dark"]')}
.lifeline-header-strip {
  display: none; position: absolute; left: 0; right: 0; top: 0; z-index: 5; overflow: hidden;
  pointer-events: none; background: rgb(255 255 255 / 0.92); border-bottom: 1px solid #e2e8f0;
  box-shadow: 0 6px 12px -10px rgb(15 23 42 / 0.35); backdrop-filter: blur(4px);
}
:root[data-theme="dark"] .lifeline-header-strip {
  background: rgb(11 17 32 / 0.92); border-bottom-color: #1e293b;
  box-shadow: 0 6px 12px -10px rgb(0 0 0 / 0.8);
}
.lifeline-header-strip > svg { position: absolute; left: 0; top: 0; transform-origin: 0 0; overflow: visible; }
.label-editing { opacity: 0; }
.label-editor {
  position: fixed; z-index: 10; box-sizing: border-box; margin: 0; padding: 3px 8px;
  resize: none; overflow: hidden; text-align: center; line-height: 1.35;
  font-family: "trebuchet ms", verdana, arial, sans-serif;
  color: #0f172a; background: #ffffff; border: 1.5px solid #6366f1; border-radius: 6px;
  box-shadow: 0 0 0 4px rgb(99 102 241 / 0.18), 0 8px 24px -6px rgb(15 23 42 / 0.25);
  outline: none;
}
:root[data-theme="dark"] .label-editor {
  color: #f1f5f9; background: #1e293b; border-color: #818cf8;
  box-shadow: 0 0 0 4px rgb(129 140 248 / 0.25), 0 8px 24px -6px rgb(0 0 0 / 0.6);
}
/* Drawing by dragging: a ghost arrow snapping to lifelines, and the line where it lands. */
#stage.drawing-drag { cursor: crosshair; }
#stage:not(.dragging) line.actor-line { cursor: crosshair; }
.drag-source { opacity: 0.35; }
.drag-ghost {
  position: fixed; left: 0; top: 0; width: 100%; height: 100%; z-index: 8;
  pointer-events: none; overflow: visible;
}
.drag-ghost .drop-line { stroke: #6366f1; stroke-width: 1.5; stroke-dasharray: 6 4; }
.drag-ghost .ghost-arrow { stroke: #4f46e5; stroke-width: 2; }
.drag-ghost marker path, .drag-ghost .snap { fill: #4f46e5; }
:root[data-theme="dark"] .drag-ghost .drop-line { stroke: #a5b4fc; }
:root[data-theme="dark"] .drag-ghost .ghost-arrow { stroke: #c7d2fe; }
:root[data-theme="dark"] .drag-ghost marker path, :root[data-theme="dark"] .drag-ghost .snap { fill: #c7d2fe; }
.drawing-menu {
  position: fixed; z-index: 10; box-sizing: border-box; min-width: 210px;
  max-width: calc(100vw - 16px); max-height: calc(100vh - 16px); overflow: auto;
  padding: 4px; font: 13px/1.3 ui-sans-serif, system-ui, sans-serif; color: #0f172a;
  background: #ffffff; border: 1px solid #cbd5e1; border-radius: 10px;
  box-shadow: 0 12px 32px -10px rgb(15 23 42 / 0.35);
}
.drawing-menu-title {
  padding: 6px 10px 4px; color: #64748b; font-size: 12px; font-weight: 600;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 260px;
}
.drawing-menu > button {
  display: flex; align-items: center; box-sizing: border-box; width: 100%; min-height: 30px;
  margin: 0; padding: 5px 10px 5px 26px; border: 0; border-radius: 6px; background: none;
  color: inherit; font: inherit; text-align: left; cursor: pointer; position: relative;
}
.drawing-menu > button:focus { background: #eef2ff; outline: none; }
.drawing-menu > button:focus-visible { box-shadow: inset 0 0 0 2px #6366f1; }
.drawing-menu > button[data-danger] { color: #b91c1c; }
.drawing-menu > button[aria-disabled] { color: #475569; cursor: default; white-space: normal; }
.drawing-menu > button[aria-checked="true"]::before {
  content: "✓"; position: absolute; left: 9px; font-weight: 700; color: #4f46e5;
}
.drawing-menu > button[data-more]::after { content: "›"; margin-left: auto; padding-left: 16px; color: #64748b; font-size: 15px; }
.drawing-menu > [role="separator"] { height: 1px; margin: 4px 6px; background: #e2e8f0; }
.drawing-menu-form { display: grid; gap: 8px; padding: 4px 8px 6px; }
.drawing-menu-form label { display: grid; gap: 4px; color: #334155; }
.drawing-menu-form input {
  font: inherit; padding: 6px 8px; border: 1px solid #94a3b8; border-radius: 6px;
  color: inherit; background: #ffffff;
}
.drawing-menu-form input:focus { outline: 2px solid #6366f1; outline-offset: 0; border-color: #6366f1; }
.drawing-menu-form div { display: flex; justify-content: flex-end; gap: 6px; }
.drawing-menu-form button {
  font: inherit; padding: 5px 12px; border-radius: 6px; border: 1px solid #cbd5e1;
  background: #ffffff; color: inherit; cursor: pointer;
}
.drawing-menu-form button[data-primary] { background: #4f46e5; border-color: #4f46e5; color: #ffffff; }
.drawing-menu-form button:focus-visible { outline: 2px solid #6366f1; outline-offset: 2px; }
@media (pointer: coarse) {
  .drawing-menu { font-size: 15px; }
  .drawing-menu > button, .drawing-menu-form button, .drawing-menu-form input { min-height: 44px; }
}
:root[data-theme="dark"] .drawing-menu {
  color: #e2e8f0; background: #1e293b; border-color: #334155;
  box-shadow: 0 12px 32px -10px rgb(0 0 0 / 0.8);
}
:root[data-theme="dark"] .drawing-menu-title { color: #94a3b8; }
:root[data-theme="dark"] .drawing-menu > button:focus { background: #334155; }
:root[data-theme="dark"] .drawing-menu > button[data-danger] { color: #fca5a5; }
:root[data-theme="dark"] .drawing-menu > button[aria-disabled] { color: #cbd5e1; }
:root[data-theme="dark"] .drawing-menu > button[aria-checked="true"]::before { color: #a5b4fc; }
:root[data-theme="dark"] .drawing-menu > [role="separator"] { background: #334155; }
:root[data-theme="dark"] .drawing-menu-form label { color: #cbd5e1; }
:root[data-theme="dark"] .drawing-menu-form input,
:root[data-theme="dark"] .drawing-menu-form button { background: #0f172a; border-color: #475569; }
:root[data-theme="dark"] .drawing-menu-form button[data-primary] { background: #6366f1; border-color: #6366f1; }
.style-palette {
  position: fixed; z-index: 10; display: flex; gap: 6px; padding: 6px;
  background: #ffffff; border: 1px solid #cbd5e1; border-radius: 8px;
  box-shadow: 0 8px 24px -6px rgb(15 23 42 / 0.25);
}
.style-palette > button {
  width: 28px; height: 28px; padding: 0; border: 2px solid #94a3b8; border-radius: 50%;
  background: #ffffff; color: #334155; font: 16px/1 system-ui, sans-serif; cursor: pointer;
}
.style-palette > button:focus-visible { outline: 2px solid #6366f1; outline-offset: 2px; }
@media (pointer: coarse) { .style-palette > button { width: 44px; height: 44px; } }
:root[data-theme="dark"] .style-palette { background: #1e293b; border-color: #334155; }
:root[data-theme="dark"] .style-palette > button:last-child { background: #0f172a; color: #e2e8f0; }
`;
