/** The one file call {@link readCheckedOutBranch} makes (`node:fs`'s `promises` fits). */
export interface HeadFs {
  promises: { readFile(path: string): Promise<Uint8Array> };
}

/**
 * The branch checked out in the working directory (`.git/HEAD` is `ref: refs/heads/<name>`), or
 * null when HEAD is detached or there is no readable `.git/HEAD`.
 */
export async function readCheckedOutBranch({
  fs,
  dir,
}: {
  fs: HeadFs;
  dir: string;
}): Promise<string | null> {
  const head = await fs.promises
    .readFile(`${dir}/.git/HEAD`)
    .then((bytes) => new TextDecoder().decode(bytes).trim())
    .catch(() => '');
  const match = /^ref: refs\/heads\/(.+)$/.exec(head);
  return match?.[1] ?? null;
}
