import { API_TOKEN_LABELS as L, formatDateTimeLong } from '@datahub/domain';
import type { MemberApiTokenRow } from '~/lib/account/member-api-tokens.server';
import { ConfirmAction, type ConfirmActionProps } from '~/components/core/confirm-action';
import { ScrollRegion } from '~/components/core/scroll-region';

const time = (value: string) => formatDateTimeLong(value);

export function revokeMemberTokenConfirmation(token: { id: string; name: string; member_name: string }, action: string): ConfirmActionProps {
  return {
    label: L.revoke,
    accessibleName: `${L.revoke}: ${token.name} (${token.member_name})`,
    title: `${L.revoke}: ${token.name}?`,
    description: L.revokeMemberQuestion(token.name, token.member_name),
    confirmLabel: L.revoke,
    action,
    fields: { intent: 'member-api-token-revoke', token_id: token.id },
    confirmHref: `/mijn-organisatie/leden-api-tokens/${token.id}/intrekken`,
  };
}

export function MemberApiTokensSection({ tokens, action }: { tokens: MemberApiTokenRow[]; action: string }) {
  return (
    <section aria-labelledby="leden-api-tokens" className="mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="leden-api-tokens" className="text-lg font-semibold text-stone-900">
        {L.membersTitle}
      </h2>
      <p className="mt-2 text-sm text-stone-600">{L.membersIntro}</p>
      {tokens.length === 0 ? (
        <p className="mt-6 text-sm text-stone-600">{L.membersNone}</p>
      ) : (
        <ScrollRegion label={L.membersTitle} className="mt-6">
          <table className="min-w-full text-left text-sm" data-testid="member-api-tokens-table">
            <thead className="text-stone-600">
              <tr>
                <th className="py-2 pr-4 font-medium">{L.member}</th>
                <th className="py-2 pr-4 font-medium">{L.name}</th>
                <th className="py-2 pr-4 font-medium">{L.scopes}</th>
                <th className="py-2 pr-4 font-medium">{L.createdAt}</th>
                <th className="py-2 pr-4 font-medium">{L.expiresAt}</th>
                <th className="py-2 pr-4 font-medium">{L.lastUsed}</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">{L.revoke}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {tokens.map((token) => (
                <tr key={token.id}>
                  <td className="py-2 pr-4">
                    <span className="font-medium text-stone-900">{token.member_name}</span>
                    <span className="block text-stone-600">{token.member_email}</span>
                  </td>
                  <td className="py-2 pr-4">{token.name}</td>
                  <td className="py-2 pr-4">{token.scopes.join(', ')}</td>
                  <td className="py-2 pr-4">{time(token.created_at)}</td>
                  <td className="py-2 pr-4">{time(token.expires_at)}</td>
                  <td className="py-2 pr-4">{token.last_used_at ? `${time(token.last_used_at)} (${token.last_used_address ?? '?'})` : L.neverUsed}</td>
                  <td className="py-2">
                    <ConfirmAction {...revokeMemberTokenConfirmation(token, action)} preventScrollReset />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
