// Miniflare imports sharp lazily, inside a try, only to serve its Images binding: failing the import
// gives the same answer as a machine sharp cannot load on ("The Sharp library is not available").
throw new Error('sharp is not installed in this repository: Miniflare images are not used by its tests.');
