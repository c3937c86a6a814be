// Activities that exist only for tests: they let test workflows prove the worker wiring.
import { Context } from '@temporalio/activity';

export const testActivities = {
  async echo(message: string): Promise<string> {
    return `${message} (attempt ${Context.current().info.attempt})`;
  },
};

export type TestActivities = typeof testActivities;
