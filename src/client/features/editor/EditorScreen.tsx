import type { User } from '@shared/schemas';
import { SignedInEditor } from './SignedInEditor';
import { SignedOutEditor } from './SignedOutEditor';

/** Spec §2 "Editor screen": the signed-in editor keeps diagrams on the server; signed out, a draft. */
export default function EditorScreen({ user }: { user: User | null }) {
  return user ? <SignedInEditor user={user} /> : <SignedOutEditor />;
}
