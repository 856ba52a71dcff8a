import { findDateTimeFormat, findRegionNames } from '@app/shared/i18n/intl-formats';
import type { Locale } from '@app/shared/i18n/locales';
import { localeInfo } from '@app/shared/i18n/locales';
import type { CompanyInfo, SiteSettings } from '@app/shared/sites/site-settings';

const termsBaseDate = new Date('2023-12-01T12:00:00Z');

/** The terms apply from 2023-12-01T12:00Z, or from the company's added date when that is later. */
export function termsVersionDate(companyAdded: string): Date {
  const added = new Date(companyAdded);
  return Number.isNaN(added.getTime()) || added <= termsBaseDate ? termsBaseDate : added;
}

/** The values the legal texts fill in from the site's settings and company. */
export function legalValues(settings: SiteSettings, company: CompanyInfo, locale: Locale) {
  const dateFormat = findDateTimeFormat(localeInfo[locale].iso, { dateStyle: 'long', timeZone: 'Europe/Amsterdam' });
  return {
    site_name: settings.name,
    site_domain: settings.domain,
    company_name: company.name,
    company_address: company.address,
    company_city: company.city,
    company_country: findRegionNames(locale).of(company.country) ?? company.country,
    kvk: company.kvk,
    vat_number: company.vat_numbers[company.country] ?? Object.values(company.vat_numbers)[0] ?? '',
    support_email: settings.support_email,
    support_phone: settings.support_phone,
    refund_days: settings.refund_days,
    terms_date: dateFormat.format(termsVersionDate(company.added)),
    delete_discount: company.delete_discount,
    message_credits: settings.message_credits,
    photo_credits: settings.photo_credits,
    gift_credits: settings.gift_credits,
  };
}
