import { useState, type ReactNode } from 'react';
import type { Template } from '@shared/templates';
import { openExportMenu } from '@/features/export/exportMenuState';
import type { ShortcutId } from '@/features/shortcuts/keys';
import { openPresent, usePresentState } from '@/features/present/presentState';
import { PresentView } from '@/features/present/PresentView';
import { ShortcutsDialog } from '@/features/shortcuts/ShortcutsDialog';
import { useShortcuts } from '@/features/shortcuts/useShortcuts';
import { TemplateDialog } from '@/features/templates/TemplateDialog';
import type { FirstDrawing } from '@/features/preview/Preview';
import { useTheme } from '@/features/theme/useTheme';
import { CodeEditor } from './CodeEditor';
import { blankDraft } from '@/diagram/draftStorage';
import type { Draft } from '@/diagram/draftStore';
import { EditorHeader, type HeaderSlots } from './EditorHeader';
import { EditorPanels, type SidebarSlot } from './EditorPanels';
import { PreviewPane } from './PreviewPane';
import { EDITOR_TESTIDS } from './testIds';
import type { EditorCore } from './useEditorCore';

interface EditorLayoutProps extends HeaderSlots {
  core: EditorCore;
  signedIn: boolean;
  onSave: () => void;
  onShare: () => void;
  /** New was clicked (the chooser opens after it). */
  onNew?: () => void;
  /** A template or the blank diagram was chosen in the chooser. */
  onChoose: (draft: Draft) => void;
  onUserEdit?: () => void;
  /** Shown above the panels (e.g. unsaved changes to restore). */
  banner?: ReactNode;
  /** Dialogs of the variant. */
  children?: ReactNode;
  /** The signed-in sidebar panel. */
  sidebar?: SidebarSlot;
  /** Ctrl/Cmd+K: opens the quick switcher (signed in). */
  onQuickSwitch?: () => void;
  /** The server's drawing of the opening text, shown while the renderer loads (shared page). */
  firstDrawing?: FirstDrawing;
  /** Presenting puts the step in the address, so a copied link opens there (shared page). */
  stepInAddress?: boolean;
}

const noop = () => undefined;

/** Spec §2 "Editor screen": header, editor and preview panels, the template chooser. */
export function EditorLayout({
  core,
  signedIn,
  onSave,
  onShare,
  onNew,
  onChoose,
  onUserEdit,
  banner,
  children,
  sidebar,
  onQuickSwitch,
  firstDrawing,
  stepInAddress,
  ...slots
}: EditorLayoutProps) {
  const { resolved } = useTheme();
  const { store, editor, view, templatesOpen, setTemplatesOpen } = core;
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // While presenting, the screen behind takes no focus and no key, whatever moves focus (a Tab
  // out of the drawing's frame, a script): the presentation's own trap alone does not see all.
  const presenting = usePresentState().open;
  useShortcuts({
    save: onSave,
    export: openExportMenu,
    switcher: onQuickSwitch,
    present: () => openPresent(),
    help: () => setShortcutsOpen(true),
  });
  const shortcuts: ShortcutId[] = onQuickSwitch
    ? ['save', 'export', 'switcher', 'present', 'help']
    : ['save', 'export', 'present', 'help'];
  return (
    <div
      className="flex h-full flex-col bg-background"
      data-testid={EDITOR_TESTIDS.screen}
      inert={presenting}
    >
      <EditorHeader
        store={store}
        signedIn={signedIn}
        onSave={onSave}
        onShare={onShare}
        onNew={() => {
          onNew?.();
          setTemplatesOpen(true);
        }}
        {...slots}
      />
      {banner}
      <EditorPanels
        signedIn={signedIn}
        sidebar={sidebar}
        reveal={view.smarts}
        editor={
          <CodeEditor view={view} dark={resolved === 'dark'} onUserEdit={onUserEdit ?? noop} />
        }
        preview={<PreviewPane store={store} editor={editor} firstDrawing={firstDrawing} />}
      />
      <TemplateDialog
        open={templatesOpen}
        onOpenChange={setTemplatesOpen}
        onChoose={(template: Template) => onChoose(template)}
        onBlank={() => onChoose(blankDraft())}
        onChosenFocus={() => editor.current?.focus()}
        startsNew={signedIn}
        dark={resolved === 'dark'}
      />
      <PresentView store={store} stepInAddress={stepInAddress} />
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} available={shortcuts} />
      {children}
    </div>
  );
}
