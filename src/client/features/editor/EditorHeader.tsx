import { FilePlus, LogIn, Presentation, Save, Share2 } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@shared/constants';
import { EDITOR_TEXT } from '@shared/messages';
import { LogoMark } from '@/components/LogoMark';
import { HeaderButton } from '@/components/HeaderButton';
import { HEADER_LABEL } from '@/components/headerLabel';
import { Button } from '@/components/ui/button';
import { PRESENT_COPY, PRESENT_TESTIDS } from '@/features/present/copy';
import { openPresent } from '@/features/present/presentState';
import { ThemeMenu } from '@/features/theme/ThemeMenu';
import type { DraftStore } from '@/diagram/draftStore';
import { EDITOR_COPY } from './copy';
import { ExportSlot } from './ExportSlot';
import { LineWrapMenuItem } from './LineWrapMenuItem';
import { PhoneMenu } from './PhoneMenu';
import { EDITOR_TESTIDS } from './testIds';
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
  /** The Comments button (signed in, saved diagrams); shown on phones too. */
  comments?: ReactNode;
  /** Opens the version history from the phone menu (signed in, saved diagrams). */
  onHistory?: () => void;
  /** The auto-save setting, as the phone menu's labelled checkbox (signed in). */
  autoSaveSetting?: { checked: boolean; onCheckedChange: (on: boolean) => void };
}

interface EditorHeaderProps extends HeaderSlots {
  store: DraftStore;
  signedIn: boolean;
  onSave: () => void;
  onShare: () => void;
  onNew: () => void;
}

/** Labels hide visually on phones but stay the buttons' accessible names. */
const label = 'max-md:sr-only';
/** Actions a phone reaches through its menu (PhoneMenu) instead. */
const desktopOnly = 'max-md:hidden';

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
  comments,
  onHistory,
  autoSaveSetting,
}: EditorHeaderProps) {
  return (
    <header
      className="flex h-14 shrink-0 items-center gap-2 border-b border-border bg-card px-2 sm:px-4 lg:gap-3"
      data-testid={EDITOR_TESTIDS.header}
    >
      <span className="flex shrink-0 items-center gap-2 font-semibold tracking-tight">
        <LogoMark className="h-6 w-6" />
        <span className={HEADER_LABEL}>{PRODUCT_NAME}</span>
      </span>
      <span className="h-5 w-px shrink-0 bg-border max-sm:hidden" aria-hidden />
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <TitleInput store={store} />
        {status}
      </div>
      {/* On phones: Save, a labelled menu of the other actions, the account; 44 px targets. */}
      <div className="flex shrink-0 items-center gap-1 sm:gap-1.5">
        {autoSave && <span className={desktopOnly}>{autoSave}</span>}
        <Button
          size="sm"
          onClick={onSave}
          data-testid={EDITOR_TESTIDS.save}
          className="max-md:h-11 max-md:min-w-11"
        >
          <Save className="h-4 w-4" aria-hidden />
          <span className={label}>{signedIn ? EDITOR_TEXT.save : EDITOR_TEXT.saveCopy}</span>
        </Button>
        {comments}
        <span className={`flex items-center gap-1.5 ${desktopOnly}`}>
          <HeaderButton
            icon={Share2}
            label={EDITOR_TEXT.share}
            onClick={onShare}
            data-testid={EDITOR_TESTIDS.share}
          />
          <ExportSlot store={store} />
          <HeaderButton
            icon={Presentation}
            label={PRESENT_COPY.button}
            onClick={() => openPresent()}
            data-testid={PRESENT_TESTIDS.button}
            aria-keyshortcuts="Control+Shift+Enter Meta+Shift+Enter"
          />
          {history}
          <HeaderButton
            icon={FilePlus}
            label={EDITOR_TEXT.newDiagram}
            onClick={onNew}
            data-testid={EDITOR_TESTIDS.newDiagram}
          />
          {sidebarToggle}
          <span className="mx-0.5 h-5 w-px bg-border" aria-hidden />
          <ThemeMenu settings={<LineWrapMenuItem />} settingsLabel={EDITOR_COPY.editorSettings} />
        </span>
        <PhoneMenu
          store={store}
          onShare={onShare}
          onNew={onNew}
          onHistory={onHistory}
          autoSave={autoSaveSetting}
        />
        {account && (
          <span className="flex h-11 w-11 items-center justify-center md:h-auto md:w-auto">
            {account}
          </span>
        )}
        {!signedIn && onSignIn && (
          <Button
            variant="ghost"
            size="sm"
            onClick={onSignIn}
            data-testid={EDITOR_TESTIDS.signIn}
            className="max-md:h-11 max-md:min-w-11"
          >
            <LogIn className="h-4 w-4" aria-hidden />
            <span className={label}>{EDITOR_TEXT.signIn}</span>
          </Button>
        )}
      </div>
    </header>
  );
});
