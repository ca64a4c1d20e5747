import { createToolSuite } from 'browser-agent-tools';
import { enableCodemode } from 'browser-agent-tools/codemode';
import { createJustBashWorkerWorkspace } from 'browser-agent-tools/workspace/just-bash';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

// One suite over the embedded workspace in its Web Worker, with codemode: a bash call and a script
// that calls two tools, the way a model would send them.
async function runDemo() {
  const workspace = await createJustBashWorkerWorkspace({ files: { 'notes.txt': 'alpha\nbeta\n' } });
  const suite = createToolSuite({ workspace });
  enableCodemode(suite);
  const bash = await suite.execute('bash', { command: 'wc -l notes.txt && echo gamma >> notes.txt' });
  const script = await suite.execute('codemode', {
    code: "const cat = await tools.bash({ command: 'cat notes.txt' }); return cat.output.split('\\n').length;",
  });
  return { bash, script };
}

function App() {
  const [state, setState] = useState({ status: 'running' });
  useEffect(() => {
    runDemo().then(
      (results) => setState({ status: 'done', ...results }),
      (error) => setState({ status: 'failed', error: String(error?.message ?? error) }),
    );
  }, []);
  return (
    <main>
      <p data-testid="status">{state.status}</p>
      {state.error && <pre data-testid="error">{state.error}</pre>}
      {state.bash && <pre data-testid="bash">{JSON.stringify(state.bash)}</pre>}
      {state.script && <pre data-testid="codemode">{JSON.stringify(state.script)}</pre>}
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
