import type { Route } from './+types/otp';
import { MESSAGES } from '@milli/contracts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('One Time Password') }];

const DIGITS = [1, 2, 3, 4] as const;

/** OTP entry (spec §2): four one-character boxes. Checking the code (then /reset-password) is a later issue. */
export default function Otp() {
  return (
    <>
      <PageBanner title="One Time Password" crumb="OTP" />
      <div className="section auth">
        <div className="container">
          <div className="card card-pad auth-card">
            <form method="post" className="auth-form">
              <fieldset className="otp-fieldset">
                <legend className="auth-lead">{MESSAGES.otpPrompt}</legend>
                <div className="otp-boxes">
                  {DIGITS.map((n) => (
                    <div key={n} className="otp-box">
                      <label htmlFor={`otp-${n}`} className="visually-hidden">
                        Digit {n} of {DIGITS.length}
                      </label>
                      <input
                        id={`otp-${n}`}
                        name={`otp${n}`}
                        type="text"
                        inputMode="numeric"
                        pattern="[0-9]"
                        maxLength={1}
                        required
                        autoComplete={n === 1 ? 'one-time-code' : 'off'}
                      />
                    </div>
                  ))}
                </div>
              </fieldset>
              <button type="submit" className="btn btn-primary btn-block">
                Validate OTP
              </button>
            </form>
          </div>
        </div>
      </div>
    </>
  );
}
