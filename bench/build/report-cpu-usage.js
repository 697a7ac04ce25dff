// Preloaded (`node --import`) into the cold-process runs of the build bench: on exit, the process's own CPU time and
// peak memory, one line on stderr, so that the bench can compare work done rather than wall time on a loaded machine.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(
    `\ndocsmith-bench-usage ${JSON.stringify({ cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssKb: usage.maxRSS })}\n`,
  );
});
