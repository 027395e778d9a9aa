import { FilePlus, LogIn, Save, Share2 } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@shared/constants';
import { EDITOR_TEXT } from '@shared/messages';
import { LogoMark } from '@/components/LogoMark';
import { Button } from '@/components/ui/button';
import { ThemeMenu } from '@/features/theme/ThemeMenu';
import type { DraftStore } from './draftStore';
import { ExportSlot } from './ExportSlot';
import { EDITOR_TESTIDS } from './testids';
import { TitleInput } from './TitleInput';

/** Parts only one variant has: signed out a 'Sign In' button; signed in the rest. */
export interface HeaderSlots {
  onSignIn?: () => void;
  /** Save state beside the title. */
  status?: ReactNode;
  /** The auto-save switch (spec §2: signed-in only). */
  autoSave?: ReactNode;
  /** The avatar menu. */
  account?: ReactNode;
  /** The sidebar collapse toggle (spec §2: signed-in). */
  sidebarToggle?: ReactNode;
  /** The version history button (signed in, saved diagrams). */
  history?: ReactNode;
}

interface EditorHeaderProps extends HeaderSlots {
  store: DraftStore;
  signedIn: boolean;
  onSave: () => void;
  onShare: () => void;
  onNew: () => void;
}

/** Labels hide visually on phones but stay the buttons' accessible names. */
const label = 'max-sm:sr-only';

/** Spec §2 editor header. Memoised: typing in the editor never re-renders it. */
export const EditorHeader = memo(function EditorHeader({
  store,
  signedIn,
  onSave,
  onShare,
  onNew,
  onSignIn,
  status,
  autoSave,
  account,
  sidebarToggle,
  history,
}: EditorHeaderProps) {
  return (
    <header
      className="flex shrink-0 flex-wrap items-center gap-2 border-b border-border bg-card px-3 py-2 sm:h-14 sm:flex-nowrap sm:gap-3 sm:px-4 sm:py-0"
      data-testid={EDITOR_TESTIDS.header}
    >
      <span className="flex shrink-0 items-center gap-2 font-semibold tracking-tight">
        <LogoMark className="h-6 w-6" />
        <span className="max-md:sr-only">{PRODUCT_NAME}</span>
      </span>
      <span className="h-5 w-px shrink-0 bg-border max-sm:hidden" aria-hidden />
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <TitleInput store={store} />
        {status}
      </div>
      {/* On phones the actions take a second row so the title keeps room to be read. */}
      <div className="flex shrink-0 items-center gap-1 max-sm:w-full max-sm:justify-between sm:gap-1.5">
        {autoSave}
        <Button size="sm" onClick={onSave} data-testid={EDITOR_TESTIDS.save}>
          <Save className="h-4 w-4" aria-hidden />
          <span className={label}>{signedIn ? EDITOR_TEXT.save : EDITOR_TEXT.saveCopy}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={onShare} data-testid={EDITOR_TESTIDS.share}>
          <Share2 className="h-4 w-4" aria-hidden />
          <span className={label}>{EDITOR_TEXT.share}</span>
        </Button>
        <ExportSlot store={store} />
        {history}
        <Button variant="outline" size="sm" onClick={onNew} data-testid={EDITOR_TESTIDS.newDiagram}>
          <FilePlus className="h-4 w-4" aria-hidden />
          <span className={label}>{EDITOR_TEXT.newDiagram}</span>
        </Button>
        {sidebarToggle}
        <span className="mx-0.5 h-5 w-px bg-border max-sm:hidden" aria-hidden />
        <ThemeMenu />
        {account}
        {!signedIn && onSignIn && (
          <Button variant="ghost" size="sm" onClick={onSignIn} data-testid={EDITOR_TESTIDS.signIn}>
            <LogIn className="h-4 w-4" aria-hidden />
            <span className={label}>{EDITOR_TEXT.signIn}</span>
          </Button>
        )}
      </div>
    </header>
  );
});
