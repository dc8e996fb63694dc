import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../common/authenticated-user';

type MachineReadAction = 'query' | 'download';

interface Entry {
  action: MachineReadAction;
  datasetId: string;
  outcome: number;
  rows: number | null;
  bytes: number | null;
}

/**
 * Security logging of every read made with an API token (ADR 0018): token, organisation, dataset,
 * when, rows, bytes and outcome. Independent of analytics consent; person-less (the token names
 * the integration). A failed write is logged, never turned into a refused read.
 */
@Injectable()
export class MachineReadAuditService {
  private readonly logger = new Logger(MachineReadAuditService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work`, and for a token request records its outcome (`measure` gives rows and bytes of an answer). */
  async around<T>(
    actor: AuthenticatedUser,
    datasetId: string,
    action: MachineReadAction,
    work: () => Promise<T>,
    measure: (answer: T) => { rows: number | null; bytes: number | null },
  ): Promise<T> {
    if (!actor.apiToken) return work();
    try {
      const answer = await work();
      const { rows, bytes } = measure(answer);
      this.record(actor, { action, datasetId, outcome: 200, rows, bytes });
      return answer;
    } catch (error) {
      this.failed(actor, datasetId, action, error);
      throw error;
    }
  }

  /** A token read that was refused or failed, with its status. */
  failed(actor: AuthenticatedUser, datasetId: string, action: MachineReadAction, error: unknown): void {
    if (actor.apiToken) this.record(actor, { action, datasetId, outcome: error instanceof HttpException ? error.getStatus() : 500, rows: null, bytes: null });
  }

  /** A streamed download: recorded when the stream has ended (bytes counted on the way), or failed. */
  counted(actor: AuthenticatedUser, datasetId: string, body: Readable): Readable {
    if (!actor.apiToken) return body;
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback(null, chunk);
      },
    });
    pipeline(body, counter).then(
      () => this.record(actor, { action: 'download', datasetId, outcome: 200, rows: null, bytes }),
      () => this.record(actor, { action: 'download', datasetId, outcome: 500, rows: null, bytes }),
    );
    return counter;
  }

  private record(actor: AuthenticatedUser, entry: Entry): void {
    this.dataSource
      .query(
        `INSERT INTO machine_read_audit (api_token_id, organization_id, dataset_id, action, outcome, rows_answered, bytes, client_address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [actor.apiToken!.id, actor.organizationId, entry.datasetId, entry.action, entry.outcome, entry.rows, entry.bytes, actor.clientAddress ?? null],
      )
      .catch((error: Error) => this.logger.error(`machine read of ${entry.datasetId} by token ${actor.apiToken!.id} not audited: ${error.message}`));
  }
}
