/**
 * What a tool's name says it does and what a request asks (src/search/intent.ts), the factor a contradiction
 * costs, and its effect on the ranking.
 * Reaches inside: queryIntent, toolIntent, intentFactor, the mismatch factors and createToolIndex are parts
 * of the tool_search index, exported by no entry; the factors are checked exactly, which a search shows only
 * as an order.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/core/entry.ts';
import {
  ACTION_MISMATCH_FACTOR,
  AMOUNT_MISMATCH_FACTOR,
  intentFactor,
  queryIntent,
  toolIntent,
} from '../../src/search/intent.ts';
import { createToolIndex } from '../../src/search/tool-index.ts';

describe('what a tool name says it does', () => {
  it.each([
    ['mcp__mongodb__list-collections', 'read', 'many'],
    ['asana_get_task', 'read', 'one'],
    ['asana_get_subtasks', 'read', 'many'],
    ['hubspot-batch-read-objects', 'read', 'many'],
    ['get_user_details', 'read', 'one'],
    ['mcp__mongodb__create-collection', 'create', 'one'],
    ['hubspot-batch-create-objects', 'create', 'many'],
    ['mcp__mongodb__drop-index', 'delete', 'one'],
    ['linear_delete_issues', 'delete', 'many'],
    ['airtable_update_field', 'update', 'one'],
    ['renameCollection', 'update', 'one'],
    ['kubernetes_start_port_forward', 'change', 'one'],
    ['mcp__everything__echo', undefined, undefined],
  ])('%s: %s, %s', (name, action, amount) => {
    expect(toolIntent(name)).toEqual({ action, amount });
  });
});

describe('what a request asks', () => {
  it.each([
    ['which collections exist in the shop database', 'read', 'many'],
    ['show all my supabase projects', 'read', 'many'],
    ['full details of one asana task', 'read', 'one'],
    ['is the main branch green', 'read', undefined],
    ['make a new folder called backups', 'create', 'many'],
    ['remove the unused index on created_at', 'delete', undefined],
    ['get rid of the temp collection', 'delete', undefined],
    ['change the name of the customer collection to client', 'update', undefined],
    ['kick off a deploy and merge the branch', 'change', undefined],
    ['label this task as urgent', 'change', undefined],
    // Descriptions, not orders: a participle or a plural noun asks for nothing.
    ['history of schema changes applied to the db', 'read', 'many'],
    ['every task labelled bug', undefined, 'many'],
    ['the weather in Paris', undefined, undefined],
    // The parts of a file name or an identifier are no plural of the request.
    ['open notes.txt and show it', 'read', undefined],
    ['run get_items', 'read', undefined],
  ])('%s: %s, %s', (query, action, amount) => {
    expect(queryIntent(query)).toEqual({ action, amount });
  });

  it('reads only the first 4,096 characters of a query', () => {
    expect(queryIntent(`${'word '.repeat(1_000)}delete it`)).toEqual({
      action: undefined,
      amount: undefined,
    });
    expect(queryIntent(`delete ${'word '.repeat(1_000_000)}`).action).toBe('delete');
  });
});

describe('the factor a contradiction costs', () => {
  const read = (amount?: 'one' | 'many') => ({ action: 'read', amount }) as const;
  const doing = (action: 'create' | 'delete' | 'update' | 'change') =>
    ({ action, amount: undefined }) as const;
  const unknown = { action: undefined, amount: undefined };

  it('lowers a tool whose action contradicts the request, and never raises one', () => {
    expect(intentFactor(read(), doing('create'))).toBe(ACTION_MISMATCH_FACTOR);
    expect(intentFactor(doing('delete'), read('one'))).toBe(ACTION_MISMATCH_FACTOR);
    expect(intentFactor(doing('delete'), doing('create'))).toBe(ACTION_MISMATCH_FACTOR);
    expect(intentFactor(doing('update'), doing('delete'))).toBe(ACTION_MISMATCH_FACTOR);
    expect(intentFactor(doing('change'), doing('create'))).toBe(1);
    expect(intentFactor(doing('create'), doing('change'))).toBe(1);
    expect(intentFactor(doing('create'), doing('create'))).toBe(1);
    expect(intentFactor(unknown, doing('delete'))).toBe(1);
    expect(intentFactor(read(), unknown)).toBe(1);
    expect(ACTION_MISMATCH_FACTOR).toBeLessThan(1);
  });

  it('lowers a reading tool for one thing when many are asked for, and the reverse', () => {
    expect(intentFactor(read('many'), read('one'))).toBe(AMOUNT_MISMATCH_FACTOR);
    expect(intentFactor(read('one'), read('many'))).toBe(AMOUNT_MISMATCH_FACTOR);
    expect(intentFactor(read('many'), read('many'))).toBe(1);
    expect(intentFactor(read(), read('one'))).toBe(1);
    expect(intentFactor({ action: 'delete', amount: 'many' }, read('one'))).toBe(
      ACTION_MISMATCH_FACTOR * AMOUNT_MISMATCH_FACTOR,
    );
    expect(AMOUNT_MISMATCH_FACTOR).toBeLessThan(1);
  });
});

describe('intent in the ranking', () => {
  const tool = (name: string, description: string): ToolSpec => ({
    name,
    description,
    parameters: { type: 'object', properties: {} },
  });
  // Two tools whose words tie; equal scores keep registration order, so only what the tools do can
  // put the second one first.
  const pairs = {
    collections: [
      tool('create_collection', 'A collection of a database.'),
      tool('list_collections', 'The collections of a database.'),
    ],
    indexes: [
      tool('create_index', 'An index of a collection.'),
      tool('drop_index', 'An index of a collection.'),
    ],
    projects: [
      tool('get_project', 'A project of the account.'),
      tool('list_projects', 'The projects of the account.'),
    ],
    teams: [tool('list_teams', 'The teams of the account.'), tool('get_team', 'A team of the account.')],
  };
  const ranked = (pair: keyof typeof pairs, query: string): string[] => {
    const index = createToolIndex();
    for (const spec of pairs[pair]) index.add(spec);
    return index.search(query, { limit: 2 }).map((match) => match.name);
  };

  it('ranks first the tool that does what the request asks', () => {
    expect(ranked('collections', 'which collections exist in the database')).toEqual([
      'list_collections',
      'create_collection',
    ]);
    expect(ranked('indexes', 'clear the index of the collection')).toEqual(['drop_index', 'create_index']);
    expect(ranked('projects', 'every project of the account')).toEqual(['list_projects', 'get_project']);
    expect(ranked('teams', 'one team of the account')).toEqual(['get_team', 'list_teams']);
  });

  it('keeps registration order where the request says nothing of what to do', () => {
    expect(ranked('collections', 'collection database')).toEqual(['create_collection', 'list_collections']);
    expect(ranked('indexes', 'index collection')).toEqual(['create_index', 'drop_index']);
    expect(ranked('projects', 'project account')).toEqual(['get_project', 'list_projects']);
    expect(ranked('teams', 'team account')).toEqual(['list_teams', 'get_team']);
  });
});
