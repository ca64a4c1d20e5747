import type { ToolSpec } from 'browser-agent-tools';

export interface DeclarationListProps {
  declarations: readonly ToolSpec[];
}

/** The first line of a description: what a one-line listing shows. */
function firstLine(text: string): string {
  return text.split('\n', 1)[0]?.trim() ?? '';
}

/** One row per declared tool, in declaration order: its name and the first line of its description. */
export function DeclarationList({ declarations }: DeclarationListProps) {
  return (
    <ol className="declaration-list" data-testid="declarations" aria-label="Declared tools">
      {declarations.map((spec) => (
        <li key={spec.name} className="declaration" data-testid="declaration">
          <code className="declaration-name" data-testid="declaration-name">
            {spec.name}
          </code>
          <span className="declaration-summary">{firstLine(spec.description)}</span>
        </li>
      ))}
    </ol>
  );
}
