import { Global, Module } from '@nestjs/common';
import { ChangeNotifications } from './change-notifications';

/** One listening connection per process; every kept cache subscribes to it. */
@Global()
@Module({ providers: [ChangeNotifications], exports: [ChangeNotifications] })
export class CacheModule {}
