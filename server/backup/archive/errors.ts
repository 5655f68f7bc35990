/** Every refusal of an archive: a message meant for the operator, printed as is by the CLI. */
export class BackupArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupArchiveError";
  }
}
