// The window fields of sequence templates over HTTP on the real stack (docs/api/sequence-templates.md):
// window_timezone, skip_holidays and holiday_country, their defaults, a PATCH, and malformed values
// refused naming the field.
import assert from 'node:assert/strict';
import { templatesFixture } from './fixtures.ts';

describe('sequence templates: the prospect window and holidays', () => {
  const fx = templatesFixture();
  const { create, paths } = fx;
  const windowOf = (t: Record<string, unknown>) => [t.window_timezone, t.skip_holidays, t.holiday_country];

  it('when none of the fields is sent, then TEMPLATE, false and null (the window as before)', async () => {
    const response = await create({ schedule: { days: ['MON'], start_hour: 9, end_hour: 17 } });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(windowOf(response.body), ['TEMPLATE', false, null]);
  });

  it('when PROSPECT, skip_holidays and a holiday_country are sent, then they are stored, read and patched', async () => {
    const response = await create({
      timezone: 'Asia/Kolkata',
      window_timezone: 'PROSPECT',
      skip_holidays: true,
      holiday_country: 'FR',
    });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(windowOf(response.body), ['PROSPECT', true, 'FR']);
    assert.equal(response.body.timezone, 'Asia/Kolkata');
    const read = await fx.api.get(`/v1/sequence-templates/${response.body.id}`, { key: fx.org.apiKey });
    assert.deepEqual(windowOf(read.body), ['PROSPECT', true, 'FR']);
    const patched = await fx.api.patch(`/v1/sequence-templates/${response.body.id}`, {
      key: fx.org.apiKey,
      body: { window_timezone: 'TEMPLATE', holiday_country: null },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(windowOf(patched.body), ['TEMPLATE', true, null]);
  });

  for (const [body, field] of [
    [{ window_timezone: 'CONTACT' }, 'window_timezone'],
    [{ skip_holidays: 'yes' }, 'skip_holidays'],
    [{ holiday_country: 'XX' }, 'holiday_country'],
    [{ holiday_country: 'us' }, 'holiday_country'],
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
  ] as const) {
    it(`when ${JSON.stringify(body)} is sent, then 400 ValidationIssue naming ${field}`, async () => {
      const response = await create(body);
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.type, 'ValidationIssue');
      assert.ok(paths(response).includes(field), JSON.stringify(paths(response)));
    });
  }
});
