import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// No alias and no worker option: the component's Monaco workers come with it.
export default defineConfig({ plugins: [react()] });
