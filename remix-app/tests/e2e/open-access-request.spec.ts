import { randomUUID } from 'node:crypto';
import { ACCESS_REQUEST_LABELS as R, formatDateLong } from '@datahub/domain';
import { expect, test } from './fixtures';
import { apiLogin } from './helpers';
import { onlineDataset } from './online-dataset';
import { DEMO_USERS } from './settings';

/**
 * Issue 37: an open access request shows on the dataset page, with its date and status, in place
 * of the request form (before, the requester only learnt of it from a refusal when asking again).
 * JavaScript on and off: each project has its own dataset.
 */
test('after asking, the dataset page says when access was asked and its status, without the form', async ({ page, signInAs }) => {
  const run = randomUUID().slice(0, 8);
  const { online, dispose } = await onlineDataset(await apiLogin(DEMO_USERS.owner), {
    file: 'kas.ttl',
    turtle: `PREFIX : <http://www.example.org/open-aanvraag/${run}/>\n:a :b 'Water' .\n`,
    name: `Open aanvraag ${run}`,
    about: 'Een aanvraag die nog open staat.',
    contact: 'kas@kwekerij-delta.test',
    additional_info: '',
  });
  try {
    await signInAs(DEMO_USERS.otherOwner);
    await page.goto(`/dataset/${online.slug}`);
    const section = page.getByRole('region', { name: R.title });
    await section.getByRole('checkbox', { name: 'Water', exact: true }).check();
    await section.getByLabel(R.reason).fill('Wij vergelijken de watergift.');
    await section.getByRole('button', { name: R.submit }).click();
    await expect(page.getByRole('status')).toContainText(R.sent(online.name));

    await page.goto(`/dataset/${online.slug}`);
    const notice = page.getByRole('region', { name: R.title });
    await expect(notice).toContainText(R.openRequestByYou(formatDateLong(new Date())));
    await expect(notice).toContainText(R.status.open);
    await expect(notice).toContainText('Water');
    // No second request to be refused.
    await expect(notice.getByRole('button', { name: R.submit })).toHaveCount(0);
    await expect(notice.getByLabel(R.reason)).toHaveCount(0);
  } finally {
    await dispose();
  }
});
