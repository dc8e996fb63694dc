import { LIMITS } from '@datahub/domain';
import { TextField } from '~/components/core/form-controls';

export function PersonNameFields({
  labels,
  values,
  errors,
  className,
}: {
  labels: { firstname: string; lastname: string };
  values: { firstname?: string; lastname?: string };
  errors?: { firstname?: string; lastname?: string };
  className: string;
}) {
  return (
    <div className={className}>
      <TextField
        name="firstname"
        label={labels.firstname}
        autoComplete="given-name"
        required
        maxLength={LIMITS.personNameMax}
        defaultValue={values.firstname ?? ''}
        error={errors?.firstname}
      />
      <TextField
        name="lastname"
        label={labels.lastname}
        autoComplete="family-name"
        required
        maxLength={LIMITS.personNameMax}
        defaultValue={values.lastname ?? ''}
        error={errors?.lastname}
      />
    </div>
  );
}
