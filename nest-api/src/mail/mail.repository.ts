import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rows, type Queryable } from '../database/queryable';

export interface KeptMail {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

@Injectable()
export class MailRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async keep(mail: { to: string; subject: string; text: string }, db: Queryable = this.dataSource): Promise<void> {
    await db.query('INSERT INTO outbox (recipient, subject, body) VALUES ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
  }

  latest(db: Queryable = this.dataSource): Promise<KeptMail[]> {
    return rows<KeptMail>(db, 'SELECT id, recipient, subject, body, created_at FROM outbox ORDER BY created_at DESC LIMIT 200');
  }
}
