import { SyntaxKind } from 'typescript/unstable/ast';
import { createScanner, tokenIsIdentifierOrKeyword } from 'typescript/unstable/ast/scanner';

/** One module a source file names: `import … from`, `export … from`, `import()`, `require()`. */
export interface ImportSpecifier {
  specifier: string;
  /** `import type`, `export type`, `typeof import('…')` and `import('…').T` in a type: erased at run time. */
  typeOnly: boolean;
  /** 1-based. */
  line: number;
}

// TypeScript 7's JavaScript API has no parser (only its scanner; whole programs go through the
// tsgo process), so this walks the scanner's tokens. The scanner gets strings, comments and
// template literals right; what it needs from a parser is told here: whether a `/` starts a regular
// expression, and where a template's `${…}` ends. JSX text is not told apart from code: an
// apostrophe in it reads as a string to the end of its line, which cannot make or hide an
// `import … from '…'` on another line (import-specifiers.test.ts holds the cases).

/** Tokens after which a `/` divides; after anything else it starts a regular expression. */
const ENDS_OPERAND = new Set<SyntaxKind>([
  SyntaxKind.Identifier,
  SyntaxKind.NumericLiteral,
  SyntaxKind.BigIntLiteral,
  SyntaxKind.StringLiteral,
  SyntaxKind.RegularExpressionLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.TemplateTail,
  SyntaxKind.CloseParenToken,
  SyntaxKind.CloseBracketToken,
  SyntaxKind.CloseBraceToken,
  SyntaxKind.PlusPlusToken,
  SyntaxKind.MinusMinusToken,
  SyntaxKind.ThisKeyword,
  SyntaxKind.SuperKeyword,
  SyntaxKind.TrueKeyword,
  SyntaxKind.FalseKeyword,
  SyntaxKind.NullKeyword,
]);

/** Keywords after which an expression starts (`return /x/`), unlike `x.type / 2`. */
const STARTS_OPERAND = new Set<SyntaxKind>([
  SyntaxKind.ReturnKeyword,
  SyntaxKind.TypeOfKeyword,
  SyntaxKind.InstanceOfKeyword,
  SyntaxKind.InKeyword,
  SyntaxKind.OfKeyword,
  SyntaxKind.NewKeyword,
  SyntaxKind.DeleteKeyword,
  SyntaxKind.VoidKeyword,
  SyntaxKind.ThrowKeyword,
  SyntaxKind.CaseKeyword,
  SyntaxKind.DoKeyword,
  SyntaxKind.ElseKeyword,
  SyntaxKind.YieldKeyword,
  SyntaxKind.AwaitKeyword,
]);

/** Tokens before an `import('…')` that put it in a type (`x: import('./a.js').A`). */
const TYPE_POSITION = new Set<SyntaxKind>([
  SyntaxKind.ColonToken,
  SyntaxKind.LessThanToken,
  SyntaxKind.BarToken,
  SyntaxKind.AmpersandToken,
  SyntaxKind.ExtendsKeyword,
]);

interface Token {
  kind: SyntaxKind;
  value: string;
  start: number;
}

/** The file's tokens, comments left out, regular expressions and template parts whole. */
function tokenize(text: string, jsx: boolean): Token[] {
  const scanner = createScanner(true, jsx ? 1 : 0, text);
  const tokens: Token[] = [];
  // One entry per open `{` or `${`: true for a template's, whose `}` resumes the template.
  const braces: boolean[] = [];
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFile; kind = scanner.scan()) {
    if (scanner.getTokenEnd() === scanner.getTokenStart()) {
      // The scanner stands still on a `#` that starts no name (JSX text: `Result #{id}`): step over it.
      scanner.resetTokenState(scanner.getTokenEnd() + 1);
      continue;
    }
    const previous = tokens.at(-1);
    const beforePrevious = tokens.at(-2);
    if (kind === SyntaxKind.SlashToken || kind === SyntaxKind.SlashEqualsToken) {
      const divides =
        previous !== undefined &&
        (ENDS_OPERAND.has(previous.kind) ||
          (tokenIsIdentifierOrKeyword(previous.kind) && !STARTS_OPERAND.has(previous.kind)) ||
          beforePrevious?.kind === SyntaxKind.DotToken);
      // `</div>` closes a JSX element: no regular expression there.
      if (!divides && previous?.kind !== SyntaxKind.LessThanToken) kind = scanner.reScanSlashToken();
    } else if (kind === SyntaxKind.TemplateHead) {
      braces.push(true);
    } else if (kind === SyntaxKind.OpenBraceToken) {
      braces.push(false);
    } else if (kind === SyntaxKind.CloseBraceToken && braces.pop() === true) {
      kind = scanner.reScanTemplateToken(false);
      if (kind === SyntaxKind.TemplateMiddle) braces.push(true);
    }
    tokens.push({ kind, value: scanner.getTokenValue(), start: scanner.getTokenStart() });
  }
  return tokens;
}

const isModuleName = (token: Token | undefined): token is Token =>
  token?.kind === SyntaxKind.StringLiteral || token?.kind === SyntaxKind.NoSubstitutionTemplateLiteral;

/** Every module a TypeScript (or TSX, with `jsx`) source names with a literal specifier. */
export function importSpecifiers(text: string, jsx = false): ImportSpecifier[] {
  const tokens = tokenize(text, jsx);
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const found: ImportSpecifier[] = [];
  const add = (token: Token, typeOnly: boolean) =>
    found.push({ specifier: token.value, typeOnly, line: lineOf(token.start) });
  const kind = (index: number) => tokens[index]?.kind;

  /** The specifier after the `from` that ends a clause starting at `index`, if any. */
  const fromClause = (index: number): Token | undefined => {
    let depth = 0;
    for (let at = index; at < tokens.length; at++) {
      const token = tokens[at]!;
      if (token.kind === SyntaxKind.OpenBraceToken) depth++;
      else if (token.kind === SyntaxKind.CloseBraceToken) depth--;
      else if (depth === 0 && token.kind === SyntaxKind.FromKeyword && isModuleName(tokens[at + 1])) {
        return tokens[at + 1];
      } else if (depth === 0 && token.kind !== SyntaxKind.FromKeyword && !isClausePart(token.kind)) {
        return undefined;
      }
      if (depth < 0) return undefined;
    }
    return undefined;
  };

  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const previous = kind(index - 1);
    if (previous === SyntaxKind.DotToken || previous === SyntaxKind.QuestionDotToken) continue;
    if (token.kind === SyntaxKind.ImportKeyword) {
      const next = kind(index + 1);
      if (next === SyntaxKind.OpenParenToken) {
        // import('…'), in code or in a type.
        const name = tokens[index + 2];
        if (!isModuleName(name)) continue;
        const closes =
          kind(index + 3) === SyntaxKind.CloseParenToken || kind(index + 3) === SyntaxKind.CommaToken;
        if (!closes) continue;
        const member =
          kind(index + 4) === SyntaxKind.DotToken && kind(index + 6) !== SyntaxKind.OpenParenToken;
        const inType =
          previous === SyntaxKind.TypeOfKeyword ||
          (previous !== undefined && TYPE_POSITION.has(previous) && member);
        add(name, inType);
      } else if (isModuleName(tokens[index + 1])) {
        add(tokens[index + 1]!, false); // import './side-effect.js';
      } else if (next !== SyntaxKind.DotToken) {
        // import x, { y } from '…'; import type …; import x = require('…');
        const typeOnly =
          next === SyntaxKind.TypeKeyword &&
          kind(index + 2) !== SyntaxKind.FromKeyword &&
          kind(index + 2) !== SyntaxKind.CommaToken &&
          kind(index + 2) !== SyntaxKind.EqualsToken;
        const name = fromClause(index + 1);
        if (name) add(name, typeOnly); // (`import x = require('…')` is read at its `require`)
      }
    } else if (token.kind === SyntaxKind.ExportKeyword) {
      const next = kind(index + 1);
      const typeOnly = next === SyntaxKind.TypeKeyword;
      const clause = typeOnly ? index + 2 : index + 1;
      if (kind(clause) !== SyntaxKind.OpenBraceToken && kind(clause) !== SyntaxKind.AsteriskToken) continue;
      const name = fromClause(clause);
      if (name) add(name, typeOnly);
    } else if (
      token.kind === SyntaxKind.RequireKeyword &&
      kind(index + 1) === SyntaxKind.OpenParenToken &&
      isModuleName(tokens[index + 2]) &&
      kind(index + 3) === SyntaxKind.CloseParenToken
    ) {
      // require('…'), or import x = require('…'): type-only as `import type x = require('…')`.
      const typeOnly =
        previous === SyntaxKind.EqualsToken &&
        kind(index - 3) === SyntaxKind.TypeKeyword &&
        kind(index - 4) === SyntaxKind.ImportKeyword;
      add(tokens[index + 2]!, typeOnly);
    }
  }
  return found;
}

/** What may stand between `import`/`export` and `from`: names, `{ … }`, `*`, `as`, `type`, commas. */
function isClausePart(kind: SyntaxKind): boolean {
  return (
    kind === SyntaxKind.CommaToken ||
    kind === SyntaxKind.AsteriskToken ||
    kind === SyntaxKind.OpenBraceToken ||
    kind === SyntaxKind.CloseBraceToken ||
    kind === SyntaxKind.StringLiteral || // export { 'a-b' as c } from '…'
    tokenIsIdentifierOrKeyword(kind)
  );
}
