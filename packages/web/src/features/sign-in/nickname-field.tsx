import { TextField, type TextFieldProps } from '../../components/ui/text-field';

/** The nickname input both public forms start with (no auto-capitalising on phones). */
export function NicknameField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField label="Nickname" autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />
  );
}
