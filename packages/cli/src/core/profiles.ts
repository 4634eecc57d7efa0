import { byText } from './format.js';
import Conf from 'conf';
import { chmodSync } from 'node:fs';

/** One saved server login. */
export interface Profile {
  url: string;
  /** System access token (sent as Authorization). */
  token?: string;
  /** Numeric user id (sent as New-Api-User). */
  userId?: number;
  username?: string;
}

interface Store {
  active?: string;
  profiles: Record<string, Profile>;
}

/** Saved profiles in one `conf` file readable by its owner only (mode 0600). */
export class Profiles {
  readonly #conf: Conf<Store>;

  constructor(configDir?: string) {
    this.#conf = new Conf<Store>({
      projectName: 'swb',
      projectSuffix: '',
      configName: 'config',
      defaults: { profiles: {} },
      configFileMode: 0o600,
      ...(configDir ? { cwd: configDir } : {}),
    });
  }

  /** Path of the config file. */
  get path(): string {
    return this.#conf.path;
  }

  get active(): string | undefined {
    return this.#conf.get('active');
  }

  list(): [string, Profile][] {
    return Object.entries(this.#conf.get('profiles')).sort(([a], [b]) => byText(a, b));
  }

  get(name: string): Profile | undefined {
    return this.#conf.get('profiles')[name];
  }

  /** Saves (replacing) a profile; the first one saved becomes active. */
  set(name: string, profile: Profile, activate = false): void {
    this.#conf.set('profiles', { ...this.#conf.get('profiles'), [name]: profile });
    if (activate || !this.active) this.#conf.set('active', name);
    this.#lockDown();
  }

  remove(name: string): boolean {
    const profiles = { ...this.#conf.get('profiles') };
    if (!(name in profiles)) return false;
    delete profiles[name];
    this.#conf.set('profiles', profiles);
    if (this.active === name) this.#conf.delete('active');
    return true;
  }

  use(name: string): void {
    this.#conf.set('active', name);
  }

  // conf applies the mode on creation only; an older file may be wider.
  #lockDown(): void {
    try {
      chmodSync(this.#conf.path, 0o600);
    } catch {
      /* not fatal: the file was written with 0600 */
    }
  }
}
