// The template rules of domain/sequences/render.ts: substitution, fallbacks, missing variables, variable
// precedence, no HTML escaping, and no file access through include/render.
import assert from 'node:assert/strict';
import {
  missingVariables,
  parseTemplate,
  renderTemplate,
  templateVariables,
  TemplateSyntaxError,
} from '../../../domain/sequences/render.ts';

describe('render', () => {
  const vars = templateVariables({
    contact: { first_name: 'Ada', last_name: null, email: 'ada@example.com', company_name: 'Analytical' },
    account: { name: 'Analytical Engines', domain: 'engines.test' },
    sender: { name: 'Sam Sender', email: 'sam@outreach.test' },
  });

  it('when a template names contact, account and sender fields, then they are substituted', async () => {
    assert.equal(
      await renderTemplate(
        'Hi {{ first_name }} at {{ company_name }} ({{ account_domain }}), {{ sender_name }} <{{ sender_email }}>',
        vars,
      ),
      'Hi Ada at Analytical (engines.test), Sam Sender <sam@outreach.test>',
    );
  });

  it('when a variable is missing or null, then it renders empty, and the default filter supplies a fallback', async () => {
    assert.equal(await renderTemplate('[{{ last_name }}][{{ unknown_thing }}]', vars), '[][]');
    assert.equal(
      await renderTemplate('Hi {{ last_name | default: "there" }}, {{ first_name | default: "there" }}', vars),
      'Hi there, Ada',
    );
  });

  it('when missingVariables is asked, then it lists the used names without a value, not assigned ones', () => {
    const source =
      '{{ first_name }} {{ last_name }} {% if nickname %}{{ nickname }}{% endif %}{% assign x = 1 %}{{ x }} {{ job_title | default: "you" }}';
    assert.deepEqual(missingVariables(source, vars), ['job_title', 'last_name', 'nickname']);
  });

  it('when the same name is set on the account, the contact and the run, then run > contact > account > built-in', async () => {
    const layered = (over: Parameters<typeof templateVariables>[0]) =>
      renderTemplate('{{ tone }}/{{ first_name }}', templateVariables({ contact: { first_name: 'Ada' }, ...over }));
    assert.equal(await layered({ accountVariables: { tone: 'account' } }), 'account/Ada');
    assert.equal(
      await layered({ accountVariables: { tone: 'account' }, contactVariables: { tone: 'contact' } }),
      'contact/Ada',
    );
    assert.equal(
      await layered({
        accountVariables: { tone: 'account' },
        contactVariables: { tone: 'contact', first_name: 'Countess' },
        runVariables: { tone: 'run' },
      }),
      'run/Countess',
    );
    assert.equal(
      await layered({ contactVariables: { tone: 'contact' }, runVariables: { tone: null } }),
      'contact/Ada',
      'a null does not erase',
    );
  });

  it('when a value holds HTML characters, then the plain-text output keeps them unescaped', async () => {
    assert.equal(await renderTemplate('{{ note }}', { note: '<b>Tom & "Jerry"</b>' }), '<b>Tom & "Jerry"</b>');
  });

  it('when a template includes or renders a file, then it fails instead of reading it', async () => {
    for (const source of [
      "{% include 'package.json' %}",
      "{% render '/etc/hostname' %}",
      "{% layout 'README.md' %}x",
    ]) {
      await assert.rejects(renderTemplate(source, vars), /Failed to lookup/, source);
    }
  });

  it('when a template has a syntax error or an unknown filter, then parsing throws TemplateSyntaxError', () => {
    for (const source of ['{% if first_name %}no end', '{{ first_name | shout }}', '{{ first_name ']) {
      assert.throws(() => parseTemplate(source), TemplateSyntaxError, source);
    }
    assert.doesNotThrow(() => parseTemplate('{{ first_name | upcase }}'));
  });
});
