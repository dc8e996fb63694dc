import { describe, expect, it } from 'vitest';
import { describedBy, keptValues, textField } from './forms';

describe('keptValues', () => {
  it('keeps text fields but never passwords or the CSRF token', () => {
    const form = new FormData();
    form.append('email', 'a@b.test');
    form.append('password', 'geheim');
    form.append('csrf', 'token');
    form.append('firstname', '');
    form.append('file', new Blob(['x']));
    expect(keptValues(form)).toEqual({ email: 'a@b.test', firstname: '' });
  });
});

describe('textField', () => {
  it('reads strings only', () => {
    const form = new FormData();
    form.append('name', 'Jan');
    form.append('file', new Blob(['x']));
    expect(textField(form, 'name')).toBe('Jan');
    expect(textField(form, 'file')).toBe('');
    expect(textField(form, 'missing')).toBe('');
  });
});

describe('describedBy', () => {
  it('links an invalid input to its error and hint', () => {
    expect(describedBy('password', { error: 'Te kort', hint: 'Minstens 12' })).toEqual({
      'aria-invalid': true,
      'aria-describedby': 'password-error password-hint',
    });
    expect(describedBy('email', {})).toEqual({});
    expect(describedBy('email', { hint: 'x' })).toEqual({ 'aria-describedby': 'email-hint' });
  });
});
