import type { ReactNode } from 'react';

/** Renders catalog prose: blank lines split paragraphs, lines starting with "- " form a list. */
export function LegalText(props: { text: string }) {
  const blocks = props.text.split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        const key = `${index}-${block.slice(0, 16)}`;
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            <ul key={key}>
              {lines.map((line) => (
                <li key={line}>{line.slice(2)}</li>
              ))}
            </ul>
          );
        }
        const parts: ReactNode[] = [];
        lines.forEach((line, lineIndex) => {
          if (lineIndex > 0) parts.push(<br key={`br-${line}`} />);
          parts.push(line);
        });
        return <p key={key}>{parts}</p>;
      })}
    </>
  );
}
