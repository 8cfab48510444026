import { refreshConfigFromEnv } from "@/lib/economy/config";
import { EnvError, parseEnv } from "@/lib/env/schema";

describe("economic data settings", () => {
  it("default to the real APIs, no key, no cron route and a 6-hour timer", () => {
    const env = parseEnv({});
    expect(env.economy).toEqual({
      blsApiKey: undefined,
      blsApiUrl: "https://api.bls.gov/publicAPI/v2/timeseries/data/",
      cronJobClock: false,
      federalRegisterApiUrl: "https://www.federalregister.gov/api/v1/documents.json",
      cronSecret: undefined,
      refreshIntervalMinutes: 360,
      htsApiUrl: "https://hts.usitc.gov/reststop",
      htsImportIntervalMinutes: 1440,
    });
    expect(refreshConfigFromEnv(env)).toEqual({
      blsApiUrl: "https://api.bls.gov/publicAPI/v2/timeseries/data/",
      blsApiKey: undefined,
      federalRegisterApiUrl: "https://www.federalregister.gov/api/v1/documents.json",
    });
  });

  it("read what is set; an empty value counts as unset", () => {
    const env = parseEnv({ BLS_API_KEY: "0123456789abcdef0123456789abcdef", CRON_SECRET: "a-long-enough-secret", ECONOMIC_REFRESH_INTERVAL_MINUTES: "0", BLS_API_URL: "" });
    expect(env.economy).toMatchObject({ blsApiKey: "0123456789abcdef0123456789abcdef", cronSecret: "a-long-enough-secret", refreshIntervalMinutes: 0 });
    expect(env.economy.blsApiUrl).toBe("https://api.bls.gov/publicAPI/v2/timeseries/data/");
    // The HTS importer's service without a trailing slash; its timer off.
    expect(parseEnv({ HTS_API_URL: "http://127.0.0.1:4000/reststop/", HTS_IMPORT_INTERVAL_MINUTES: "0" }).economy).toMatchObject({ htsApiUrl: "http://127.0.0.1:4000/reststop", htsImportIntervalMinutes: 0 });
  });

  it.each([
    [{ CRON_SECRET: "short" }, /CRON_SECRET: must be at least 16 characters/],
    [{ ECONOMIC_REFRESH_INTERVAL_MINUTES: "often" }, /ECONOMIC_REFRESH_INTERVAL_MINUTES: must be a whole number of minutes/],
    [{ ECONOMIC_REFRESH_INTERVAL_MINUTES: "5" }, /ECONOMIC_REFRESH_INTERVAL_MINUTES: must be 0 \(off\) or from 15 to 10080/],
    [{ HTS_IMPORT_INTERVAL_MINUTES: "30" }, /HTS_IMPORT_INTERVAL_MINUTES: must be 0 \(off\) or from 60 to 43200/],
    [{ HTS_API_URL: "hts.usitc.gov" }, /HTS_API_URL: must be an absolute URL/],
    [{ ECONOMIC_REFRESH_INTERVAL_MINUTES: "20000" }, /ECONOMIC_REFRESH_INTERVAL_MINUTES: must be 0 \(off\) or from 15 to 10080/],
    [{ BLS_API_KEY: "my key!" }, /BLS_API_KEY: must be the BLS registration key/],
    [{ BLS_API_URL: "api.bls.gov" }, /BLS_API_URL: must be an absolute URL/],
    [{ FEDERAL_REGISTER_API_URL: "nope" }, /FEDERAL_REGISTER_API_URL: must be an absolute URL/],
  ])("refuse %p with a message naming the variable", (raw, message) => {
    expect(() => parseEnv(raw)).toThrow(EnvError);
    expect(() => parseEnv(raw)).toThrow(message);
  });
});
