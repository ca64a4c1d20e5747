import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// No alias and no worker option: the package's Workers are self-contained.
export default defineConfig({ plugins: [react()] });
