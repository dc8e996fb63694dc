import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiError } from '../common/errors';
import { createValidationPipe } from '../common/validation';
import { LoginDto } from './dto/login.dto';

const validation = createValidationPipe();

/** Guards run before pipes, so the login body is validated here: missing fields get 422, not a bare 401. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest();
    request.body = await validation.transform(request.body ?? {}, { type: 'body', metatype: LoginDto });
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error instanceof ApiError) throw error;
    if (error || !user) throw ApiError.unauthenticated();
    return user;
  }
}
