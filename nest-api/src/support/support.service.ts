import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { displayOrganizationName, FIELD_ERRORS, SUPPORT_FIELD_ERRORS, SUPPORT_KINDS, SUPPORT_LIMITS, type SupportKind, isUuid } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { MailService } from '../mail/mail.service';
import { storedAttachmentName } from './attachment-name';
import { sniffAttachmentType } from './attachment-type';
import { SupportRepository } from './support.repository';
import type { SupportRequestView } from './support.views';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Attachment {
  filename: string;
  contentType: string;
  data: Buffer;
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

@Injectable()
export class SupportService {
  private readonly logger = new Logger('Support');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly requests: SupportRepository,
    private readonly mail: MailService,
  ) {}

  async create(actor: AuthenticatedUser, form: FormData): Promise<{ support_request_id: string }> {
    const kind = text(form, 'kind');
    const summary = text(form, 'summary');
    const description = text(form, 'description');
    const email = (text(form, 'email') || actor.email).toLowerCase();
    const errors: Record<string, string> = {};
    if (!(kind in SUPPORT_KINDS)) errors.kind = SUPPORT_FIELD_ERRORS.kind;
    if (!summary || summary.length > SUPPORT_LIMITS.summaryMax || /[\r\n]/.test(summary)) errors.summary = SUPPORT_FIELD_ERRORS.summary;
    if (!description || description.length > SUPPORT_LIMITS.descriptionMax) errors.description = SUPPORT_FIELD_ERRORS.description;
    if (!EMAIL.test(email) || email.length > 254) errors.email = FIELD_ERRORS.email;
    const files = form.getAll('attachments').filter((value): value is File => typeof value !== 'string' && value.size > 0);
    const attachments: Attachment[] = [];
    if (files.length > SUPPORT_LIMITS.attachments) errors.attachments = SUPPORT_FIELD_ERRORS.tooMany;
    else
      for (const file of files) {
        if (file.size > SUPPORT_LIMITS.attachmentMaxBytes) {
          errors.attachments = SUPPORT_FIELD_ERRORS.tooLarge;
          break;
        }
        const data = Buffer.from(await file.arrayBuffer());
        const contentType = sniffAttachmentType(data);
        if (!contentType) {
          errors.attachments = SUPPORT_FIELD_ERRORS.type;
          break;
        }
        attachments.push({ filename: storedAttachmentName(file.name, contentType), contentType, data });
      }
    if (Object.keys(errors).length > 0) throw ApiError.validation(errors);

    const organizationName = displayOrganizationName(actor.organizationName) || actor.organizationName;
    const id = await this.dataSource.transaction(async (manager) => {
      const id = await this.requests.insert(
        { userId: actor.id, organizationId: actor.organizationId, email, organizationName, kind, summary, description },
        manager,
      );
      for (const attachment of attachments) await this.requests.insertAttachment(id, attachment, manager);
      return id;
    });
    await this.notify(id, { kind: kind as SupportKind, summary, description, email, organizationName, attachments });
    return { support_request_id: id };
  }

  /** The request is kept even when mail fails (the list shows it). */
  private async notify(
    id: string,
    request: { kind: SupportKind; summary: string; description: string; email: string; organizationName: string; attachments: Attachment[] },
  ): Promise<void> {
    const { board, email: to } = this.config.support;
    const link = new URL('/beheer-hulp', this.config.publicUrl).toString();
    const files = request.attachments.map((a) => `- ${a.filename} (${a.contentType}, ${Math.ceil(a.data.length / 1024)} KB)`).join('\n');
    try {
      await this.mail.send({
        to,
        subject: `[${board}] ${SUPPORT_KINDS[request.kind]}: ${request.summary}`,
        text:
          `Bord: ${board}\nVerzoek: ${id}\nSoort: ${SUPPORT_KINDS[request.kind]}\nVan: ${request.email}\nOrganisatie: ${request.organizationName}\n\n` +
          `${request.summary}\n\n${request.description}\n\n` +
          (files ? `Bijlagen:\n${files}\n\n` : '') +
          `Bekijken en afhandelen: ${link}\n`,
      });
    } catch (error) {
      this.logger.warn(`support request ${id} stored, but the mail failed: ${String(error)}`);
    }
  }

  async list(actor: AuthenticatedUser): Promise<SupportRequestView[]> {
    if (!actor.organizationAdmin) throw ApiError.forbidden();
    return this.requests.list();
  }

  async setStatus(actor: AuthenticatedUser, id: string, status: 'open' | 'closed'): Promise<void> {
    if (!actor.organizationAdmin) throw ApiError.forbidden();
    if (!isUuid(id)) throw ApiError.notFound();
    if (!(await this.requests.setStatus(id, status))) throw ApiError.notFound();
  }

  async attachment(actor: AuthenticatedUser, requestId: string, attachmentId: string): Promise<{ filename: string; contentType: string; data: Buffer }> {
    if (!actor.organizationAdmin) throw ApiError.forbidden();
    if (!isUuid(requestId) || !isUuid(attachmentId)) throw ApiError.notFound();
    const row = await this.requests.attachment(requestId, attachmentId);
    if (!row) throw ApiError.notFound();
    return { filename: row.filename, contentType: row.content_type, data: row.data };
  }
}
