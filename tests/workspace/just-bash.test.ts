import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { runWorkspaceConformance } from './conformance.ts';

runWorkspaceConformance({ name: 'just-bash', create: (files) => createJustBashWorkspace({ files }) });
