/** The file-size probe ships with the conformance suite (`src/testing/`); the e2e spec uses that copy. */
export {
  PROBE_SIZES,
  probeContent,
  probeFileSizes,
  type SizeProbeDriver,
} from '../../src/testing/file-sizes.ts';
