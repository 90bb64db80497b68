import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ConfigIssue } from '../../domain/shop-config.ts';
import { issueLines, loadShopConfig } from '../shop-config-file.ts';
import type { ShopConfigHolder } from '../shop-config-holder.ts';

/** Editors write a file in a few steps (a temporary file renamed over it, or truncate then write): one read after they settle. */
const RELOAD_SETTLE_MS = 150;

type Options = { file: string; holder: ShopConfigHolder; log: FastifyBaseLogger; settleMs?: number };

/** Logs what is wrong with the file, each mistake as check-config words it, and what the shop does meanwhile. */
export function logConfigProblems(log: FastifyBaseLogger, file: string, issues: ConfigIssue[], runningOnLastGood: boolean) {
  const meanwhile = runningOnLastGood ? 'the shop keeps running on the last good config' : 'pages show the error screen and the API answers 503';
  log.error({ issues }, `The shop config ${file} is invalid; ${meanwhile}`);
  for (const issue of issues) log.error(`shop config: ${issueLines(issue).join('\n')}`);
}

/**
 * Reloads the shop config without a restart (decision 048): when the file changes (a watch
 * on its folder, since editors replace a file by renaming another over it) and on SIGHUP.
 * The file is validated first; a valid one is taken into use for the next request, an
 * invalid one leaves the last valid config running and is logged. Each instance watches
 * its own file.
 */
export function watchShopConfig({ file, holder, log, settleMs = RELOAD_SETTLE_MS }: Options) {
  const name = path.basename(file);
  let timer: NodeJS.Timeout | undefined;

  function reload(why: string) {
    const result = loadShopConfig(file);
    if (holder.offer(result) === 'applied') log.info(`shop config reloaded from ${file} (${why})`);
    else if (!result.ok) logConfigProblems(log, file, result.issues, holder.config() !== null);
  }
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => reload('the file changed'), settleMs);
  };
  const onHangUp = () => reload('SIGHUP');

  let watcher: FSWatcher | undefined;
  try {
    // some platforms give no file name: then any change in the folder is worth a read
    watcher = watch(path.dirname(file), (_event, changed) => {
      if (!changed || changed === name) soon();
    });
    watcher.on('error', (err) => log.warn({ err }, `The shop config's folder cannot be watched any more: reload it with SIGHUP`));
  } catch (err) {
    log.warn({ err }, `The shop config's folder cannot be watched: changes to ${file} need a SIGHUP or a restart`);
  }
  process.on('SIGHUP', onHangUp);

  return {
    reload,
    stop() {
      clearTimeout(timer);
      watcher?.close();
      process.off('SIGHUP', onHangUp);
    },
  };
}
