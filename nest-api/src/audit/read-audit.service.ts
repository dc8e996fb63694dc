import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpException, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { AuditService } from './audit.service';

type ReadKind = 'read.query' | 'read.download';

/** ADR 0018, 0021: refusals included, independent of analytics consent; a failed write is logged, never turned into a refused read. */
@Injectable()
export class ReadAuditService {
  constructor(private readonly audit: AuditService) {}

  async around<T>(
    actor: AuthenticatedUser,
    datasetId: string,
    kind: ReadKind,
    work: () => Promise<T>,
    measure: (answer: T) => { rows: number | null; bytes: number | null },
  ): Promise<T> {
    try {
      const answer = await work();
      this.audit.recordRead(actor, kind, datasetId, { ...measure(answer), outcome: 200 });
      return answer;
    } catch (error) {
      this.failed(actor, datasetId, kind, error);
      throw error;
    }
  }

  failed(actor: AuthenticatedUser, datasetId: string, kind: ReadKind, error: unknown): void {
    this.audit.recordRead(actor, kind, datasetId, { rows: null, bytes: null, outcome: error instanceof HttpException ? error.getStatus() : 500 });
  }

  /** Recorded when the stream has ended (bytes counted on the way), or failed. */
  counted(actor: AuthenticatedUser, datasetId: string, body: Readable): Readable {
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback(null, chunk);
      },
    });
    pipeline(body, counter).then(
      () => this.audit.recordRead(actor, 'read.download', datasetId, { rows: null, bytes, outcome: 200 }),
      () => this.audit.recordRead(actor, 'read.download', datasetId, { rows: null, bytes, outcome: 500 }),
    );
    return counter;
  }
}
