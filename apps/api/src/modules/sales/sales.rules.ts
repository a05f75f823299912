import { salesLimits } from '@trilha/contracts/sales';
import type { SalesErrorCode } from '@trilha/contracts/errors-sales';
import {
  addDays,
  compareCalendarDates,
  parseCalendarDate,
  zonedDateTime,
  type CalendarDate,
} from '@trilha/domain/time-zone';

/** The invoice number's key: trimmed, upper case, leading zeros kept (' 00123a ' is '00123A'). */
export function invoiceKey(invoiceNumber: string): string {
  return invoiceNumber.trim().toUpperCase();
}

const localDate = (instant: Date, timeZone: string): CalendarDate => {
  const { year, month, day } = zonedDateTime(instant, timeZone);
  return { year, month, day };
};

/**
 * The time rules of a sale report, judged in the store's time zone (docs/sales.md): the campaign is
 * running now; the sale date is one of the campaign's local days and not after today; and today is at
 * most 15 calendar days after the sale date. Answers the refusal's code, or null when the date is fine.
 */
export function saleDateRefusal(
  saleDate: string,
  campaign: { beginsAt: Date; endsAt: Date },
  timeZone: string,
  now: Date,
): SalesErrorCode | 'VALIDATION_FAILED' | null {
  const date = parseCalendarDate(saleDate);
  if (!date) return 'VALIDATION_FAILED';
  if (now < campaign.beginsAt || now >= campaign.endsAt) return 'SALES_CAMPAIGN_NOT_ACTIVE';
  const first = localDate(campaign.beginsAt, timeZone);
  // The campaign's last instant is just before its end.
  const last = localDate(new Date(campaign.endsAt.getTime() - 1), timeZone);
  if (compareCalendarDates(date, first) < 0 || compareCalendarDates(date, last) > 0) {
    return 'SALES_DATE_OUTSIDE_CAMPAIGN';
  }
  const today = localDate(now, timeZone);
  if (compareCalendarDates(date, today) > 0) return 'SALES_DATE_IN_FUTURE';
  if (compareCalendarDates(addDays(date, salesLimits.reportDays), today) < 0) return 'SALES_REPORT_TOO_LATE';
  return null;
}
