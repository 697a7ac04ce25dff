/** What the image rehearsal saw. */
export interface ImageRehearsal {
  version: string;
  /** ES modules the runtime loaded across the three commands. */
  modules: number;
  answer: { status: number; chunks: number; body: string };
}
/** Rehearses the Docker image's runtime stage in a temporary folder (see the script's header). */
export declare function rehearseImage(options?: {
  log?: (line: string) => void;
  keep?: boolean;
}): Promise<ImageRehearsal>;
